import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { getDocument } from "../store/documents.js";
import { edgesOfDocument } from "../store/edges.js";
import { latestSnapshot } from "../store/snapshots.js";
import { tagsOfDocument } from "../store/tags.js";
import { readRevisions } from "../store/version.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { refuseInserts } from "../test-support/refuse-writes.js";
import { importDoc } from "./import-doc.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const path = (source_value: string) => ({ edge_type: "path_requires" as const, source_value });

describe("import_doc", () => {
  it("imports inline content as approved with its edges, in one new version", () => {
    const ctx = project.context();
    const r = importDoc(writeContext(ctx), {
      doc_id: "api-constraint",
      title: "API layer constraints",
      kind: "constraint",
      content: "Never call fetch directly from components.",
      edge_hints: [path("src/api/**")],
    });
    expect(r).toEqual({
      doc_id: "api-constraint",
      created: true,
      changed: true,
      edges_added: [1],
      knowledge_version: 1,
      snapshot_id: "snap_v1",
      source_path: null,
      content_bytes: 42,
      warnings: [],
    });
  });

  it("overwrites content on re-import but accumulates edges", () => {
    const ctx = project.context();
    importDoc(writeContext(ctx), { doc_id: "d", title: "D", content: "one", edge_hints: [path("src/**")] });
    const again = importDoc(writeContext(ctx), {
      doc_id: "d",
      title: "D",
      content: "two",
      edge_hints: [path("lib/**")],
    });
    expect(again).toMatchObject({ created: false, changed: true, knowledge_version: 2 });
    expect(getDocument(ctx.kdb.db, "d")?.content).toBe("two");
    expect(edgesOfDocument(ctx.kdb.db, "d").map((e) => e.source_value)).toEqual(["src/**", "lib/**"]);
  });

  it("reads a repo-relative file_path, which becomes source_path", () => {
    project.write("docs/rules/api.md", "# API\nUse the client.\n");
    const ctx = project.context();
    const r = importDoc(writeContext(ctx), {
      doc_id: "api",
      title: "API",
      file_path: "docs/rules/api.md",
      edge_hints: [path("src/**")],
    });
    expect(r.source_path).toBe("docs/rules/api.md");
    expect(getDocument(ctx.kdb.db, "api")).toMatchObject({
      content: "# API\nUse the client.\n",
      source_path: "docs/rules/api.md",
    });
  });

  it("warns about size, several sections, no edges and likely secrets, and still imports", () => {
    const ctx = project.context();
    const content = `## One\n${"a ".repeat(2100)}\n## Two\nkey AKIAABCDEFGHIJKLMNOP\n`;
    const r = importDoc(writeContext(ctx), { doc_id: "big", title: "Big", content });
    expect(r.warnings).toEqual([
      `The document is ${Buffer.byteLength(content)} bytes (over 4096); under content_mode auto it is deferred, never inlined. Consider splitting it.`,
      "The document has 2 '##' sections; one topic per document retrieves better. Consider splitting it.",
      "Possible AWS access key id in the content.",
      "No edges reach this document, so no compile can deliver it. Add edge_hints (a path glob, a layer or a command).",
    ]);
    expect(r.changed).toBe(true);
  });

  it("refuses bad globs, unknown documents, both content and file, and bad ids, changing nothing", () => {
    const ctx = project.context();
    const w = writeContext(ctx);
    expect(() =>
      importDoc(w, { doc_id: "x", title: "X", content: "x", edge_hints: [path("../up/**")] }),
    ).toThrow(`import_doc refused: glob "../up/**" contains '..'; globs cannot leave the project.`);
    expect(() => importDoc(w, { doc_id: "x", title: "X", content: "x", depends_on: ["ghost"] })).toThrow(
      /unknown document "ghost"/,
    );
    expect(() => importDoc(w, { doc_id: "x", title: "X", content: "x", file_path: "a.md" })).toThrow(
      /exactly one of content or file_path/,
    );
    expect(() => importDoc(w, { doc_id: "has space", title: "X", content: "x" })).toThrow(
      /doc_id "has space" is not valid/,
    );
    expect(ctx.kdb.db.prepare("SELECT COUNT(*) FROM documents").pluck().get()).toBe(0);
  });
});

describe("a failure half-way through import_doc", () => {
  const stateOf = (ctx: ReturnType<TestProject["context"]>, docId: string) => {
    const db = ctx.kdb.db;
    const doc = getDocument(db, docId);
    return {
      document: doc ? { content: doc.content, updated_version: doc.updated_version } : null,
      edges: edgesOfDocument(db, docId).map((e) => `${e.edge_type} ${e.source_value} ${e.status}`),
      tags: tagsOfDocument(db, docId),
      revisions: readRevisions(db),
      snapshot: latestSnapshot(db)?.snapshot_id ?? null,
    };
  };
  const authRule = {
    doc_id: "auth-rule",
    title: "Auth",
    content: "Check the session first.",
    edge_hints: [path("src/auth/**")],
    tags: ["auth"],
  };

  it("leaves neither the document, nor its edges, nor the version bump and snapshot, nor the tags", () => {
    const ctx = project.context();
    refuseInserts(ctx.kdb.db, "tag_mappings", "tag write refused");
    expect(() => importDoc(writeContext(ctx), authRule)).toThrow("tag write refused");
    expect(stateOf(ctx, "auth-rule")).toEqual({
      document: null,
      edges: [],
      tags: [],
      revisions: { knowledge_version: 0, tag_catalog_rev: 0, template_rev: 0 },
      snapshot: null,
    });
  });

  it("keeps a re-imported document exactly as its last good import left it", () => {
    const ctx = project.context();
    importDoc(writeContext(ctx), authRule);
    const before = stateOf(ctx, "auth-rule");
    refuseInserts(ctx.kdb.db, "tag_mappings", "tag write refused");
    const reimporting = () =>
      importDoc(writeContext(ctx), {
        ...authRule,
        content: "Check the session and the CSRF token first.",
        edge_hints: [path("src/login/**")],
        tags: ["auth", "login"],
      });
    expect(reimporting).toThrow("tag write refused");
    expect(stateOf(ctx, "auth-rule")).toEqual(before);
    expect(before).toEqual({
      document: { content: "Check the session first.", updated_version: 1 },
      edges: ["path_requires src/auth/** approved"],
      tags: ["auth"],
      revisions: { knowledge_version: 1, tag_catalog_rev: 1, template_rev: 0 },
      snapshot: "snap_v1",
    });
  });
});
