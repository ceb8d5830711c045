import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { syncDocsTool } from "../../mcp/admin/sync-docs.tool.js";
import { listProposals } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { SyncDocsInput, SyncDocsResult } from "./sync-docs.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

type Ctx = ReturnType<TestProject["context"]>;
const sync = (args: SyncDocsInput, ctx: Ctx) => syncDocsTool.run(args, ctx) as SyncDocsResult;

const GUIDE = "# Guide\nIntro.\n## Errors\nWrap errors.\n## Logging\nUse the logger.\n";

/** Four documents anchored three ways, stored as the files say now. */
function seedAnchored() {
  project.write("docs/guide.md", GUIDE);
  project.write("docs/whole.md", "Whole file.\n");
  const ctx = project.context("admin");
  seed(ctx, {
    documents: [
      doc("whole", { content: "Whole file.\n", source_path: "docs/whole.md", patterns: ["src/**"] }),
      doc("errors", { content: "## Errors\nWrap errors.", source_path: "docs/guide.md#Errors" }),
      doc("lines", { content: "Intro.\n## Errors", source_path: "docs/guide.md#L2-L3" }),
      doc("inline-only", { content: "No file behind me." }),
    ],
  });
  return ctx;
}

describe("sync_docs", () => {
  it("reports every file-anchored document unchanged when the sources match", () => {
    const ctx = seedAnchored();
    const r = sync({}, ctx);
    expect(r).toEqual({
      dry_run: false,
      knowledge_version: 1,
      checked: 3,
      counts: { unchanged: 3, drifted: 0, missing_file: 0, missing_anchor: 0 },
      documents: [
        {
          doc_id: "errors",
          source_path: "docs/guide.md#Errors",
          status: "unchanged",
          action: "none",
          proposal_id: null,
        },
        {
          doc_id: "lines",
          source_path: "docs/guide.md#L2-L3",
          status: "unchanged",
          action: "none",
          proposal_id: null,
        },
        {
          doc_id: "whole",
          source_path: "docs/whole.md",
          status: "unchanged",
          action: "none",
          proposal_id: null,
        },
      ],
      next: "Every checked document matches its source.",
    });
  });

  it("opens one update_doc proposal per drifted document and never changes canonical knowledge", () => {
    const ctx = seedAnchored();
    project.write("docs/guide.md", GUIDE.replace("Wrap errors.", "Wrap errors with a cause."));
    project.write("docs/whole.md", "Whole file, edited.\n");
    const r = sync({}, ctx);
    expect(r.counts).toEqual({ unchanged: 1, drifted: 2, missing_file: 0, missing_anchor: 0 });
    expect(r.documents.map((d) => [d.doc_id, d.status, d.action, d.proposal_id])).toEqual([
      ["errors", "drifted", "proposed", "prop_0001"],
      ["lines", "unchanged", "none", null],
      ["whole", "drifted", "proposed", "prop_0002"],
    ]);
    const proposals = listProposals(ctx.kdb.db, "pending");
    expect(proposals.map((p) => [p.proposal_type, p.source, p.payload])).toEqual([
      [
        "update_doc",
        "sync_docs",
        {
          doc_id: "errors",
          content: "## Errors\nWrap errors with a cause.",
          base_content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ],
      [
        "update_doc",
        "sync_docs",
        { doc_id: "whole", content: "Whole file, edited.\n", base_content_hash: expect.any(String) },
      ],
    ]);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("does not open a second proposal identical to a pending one", () => {
    const ctx = seedAnchored();
    project.write("docs/whole.md", "Whole file, edited.\n");
    sync({}, ctx);
    const again = sync({ doc_ids: ["whole"] }, ctx);
    expect(again.documents).toEqual([
      {
        doc_id: "whole",
        source_path: "docs/whole.md",
        status: "drifted",
        action: "already_pending",
        proposal_id: "prop_0001",
      },
    ]);
    expect(listProposals(ctx.kdb.db, "pending")).toHaveLength(1);
  });

  it("previews with dry_run and writes nothing", () => {
    const ctx = seedAnchored();
    project.write("docs/whole.md", "Whole file, edited.\n");
    const r = sync({ dry_run: true }, ctx);
    expect(r.dry_run).toBe(true);
    expect(r.documents.find((d) => d.doc_id === "whole")).toMatchObject({
      action: "would_propose",
      proposal_id: null,
    });
    expect(r.next).toContain("Run again without dry_run");
    expect(listProposals(ctx.kdb.db, "pending")).toEqual([]);
  });

  it("reports a missing file and a missing anchor without proposing anything", () => {
    const ctx = seedAnchored();
    project.write("docs/guide.md", "# Guide\n");
    project.write("docs/whole.md", "Whole file.\n");
    rmSync(`${project.root}/docs/whole.md`);
    const r = sync({}, ctx);
    expect(r.documents).toEqual([
      {
        doc_id: "errors",
        source_path: "docs/guide.md#Errors",
        status: "missing_anchor",
        reason: "docs/guide.md no longer has the '## Errors' section.",
        action: "none",
        proposal_id: null,
      },
      {
        doc_id: "lines",
        source_path: "docs/guide.md#L2-L3",
        status: "missing_anchor",
        reason: "docs/guide.md no longer has lines 2-3 (the file has 2).",
        action: "none",
        proposal_id: null,
      },
      {
        doc_id: "whole",
        source_path: "docs/whole.md",
        status: "missing_file",
        reason: expect.stringContaining('source_path "docs/whole.md" does not exist'),
        action: "none",
        proposal_id: null,
      },
    ]);
    expect(r.next).toContain("For a missing source, fix source_path");
    expect(listProposals(ctx.kdb.db, "pending")).toEqual([]);
  });

  it("refuses unknown doc_ids and changes nothing", () => {
    const ctx = seedAnchored();
    project.write("docs/whole.md", "Whole file, edited.\n");
    expect(() => sync({ doc_ids: ["whole", "inline-only", "ghost"] }, ctx)).toThrow(
      'sync_docs refused: "ghost", "inline-only" are not an approved document with a source_path.',
    );
    expect(listProposals(ctx.kdb.db, "pending")).toEqual([]);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("is refused on the agent surface", () => {
    seedAnchored();
    expect(() => sync({}, project.context("agent"))).toThrow(/refused on the agent surface/);
  });
});
