import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { getDocument } from "../../store/documents.js";
import { recordObservation } from "../../store/observations.js";
import { createProposal, listProposals } from "../../store/proposals.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { refusal } from "../../test-support/user-error.js";
import { executeImportPlan } from "../imports/execute-import-plan.js";
import { analyzeObservation } from "../observations/analyzers/index.js";
import { resolveProjectFile } from "../project-path.js";
import { approveProposal } from "./approve-proposal.js";
import { approveProposalBundle } from "./bundle.js";

// The attacker's side of source_path: it is handed to agents as a file to read, so it must stay in the project.
let project: TestProject;
let outside: string;
beforeEach(() => {
  project = tempProject("archon-source-path-");
  outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
  writeFileSync(join(outside, "id_rsa"), "PRIVATE KEY");
});
afterEach(() => {
  project.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

type Ctx = ReturnType<TestProject["context"]>;
const newDoc = (source_path: string, doc_id = "leak") => ({
  doc_id,
  title: "Leak",
  content: "Read the file named in source_path.",
  source_path,
});
const propose = (ctx: Ctx, payload: unknown, bundle_id?: string) =>
  createProposal(
    ctx.kdb.db,
    { proposal_type: "new_doc", payload, source: "manual_note", ...(bundle_id ? { bundle_id } : {}) },
    ctx.clock,
    ctx.ids,
  ).proposal_id;

describe("a source_path naming a file outside the project is refused when the proposal is stored", () => {
  it("refuses an absolute path and a '..' climb in new_doc and update_doc, and stores nothing", () => {
    const ctx = project.context();
    expect(refusal(() => propose(ctx, newDoc("/etc/passwd"))).message).toBe(
      'Invalid new_doc payload: source_path: "/etc/passwd" is absolute; give a path relative to the project root.',
    );
    expect(refusal(() => propose(ctx, newDoc("../../../root/.ssh/id_rsa"))).message).toBe(
      `Invalid new_doc payload: source_path: "../../../root/.ssh/id_rsa" climbs out with '..'; give a path inside the project.`,
    );
    expect(refusal(() => propose(ctx, newDoc("docs/../../x.md#Heading"))).message).toMatch(
      /climbs out with '\.\.'/,
    );
    expect(refusal(() => propose(ctx, newDoc("C:\\Users\\me\\secret.md"))).message).toMatch(/is absolute/);
    const update = { doc_id: "leak", source_path: "/etc/passwd" };
    expect(
      refusal(() =>
        createProposal(
          ctx.kdb.db,
          { proposal_type: "update_doc", payload: update, source: "sync_docs" },
          ctx.clock,
          ctx.ids,
        ),
      ).message,
    ).toBe(
      'Invalid update_doc payload: source_path: "/etc/passwd" is absolute; give a path relative to the project root.',
    );
    expect(listProposals(ctx.kdb.db, "pending")).toEqual([]);
  });

  it("skips a document_import observation carrying one, proposing nothing", () => {
    const ctx = project.context();
    const observation = recordObservation(
      ctx.kdb.db,
      { event_type: "document_import", payload: { title: "Keys", content: "x", source_path: "/etc/passwd" } },
      ctx.clock,
      ctx.ids,
    );
    expect(analyzeObservation(observation, ctx.kdb.db, ctx.compiler.index(), ctx.channel)).toEqual({
      skip: 'payload is not a valid document: source_path: "/etc/passwd" is absolute; give a path relative to the project root',
    });
  });

  it("refuses an import plan whose item names an outside path or a link leading out, proposing nothing", () => {
    mkdirSync(join(project.root, "docs"));
    symlinkSync(join(outside, "id_rsa"), join(project.root, "docs", "notes.md"));
    const ctx = project.context();
    const run = (source_path: string) =>
      refusal(() => executeImportPlan({ ...writeContext(ctx), ids: ctx.ids }, [newDoc(source_path)])).message;
    expect(run("../../../root/.ssh/id_rsa")).toMatch(
      /^execute_import_plan refused, nothing was proposed: item 0: Invalid new_doc payload: source_path: "\.\.\/\.\.\/\.\.\/root\/\.ssh\/id_rsa" climbs out/,
    );
    expect(run("docs/notes.md#Keys").replace(outside, "<outside>")).toMatch(
      /^execute_import_plan refused, nothing was proposed: item 0: source_path "docs\/notes\.md#Keys" leads outside the project root \(to .*id_rsa\)\.$/,
    );
    expect(listProposals(ctx.kdb.db, "pending")).toEqual([]);
  });
});

describe("a source_path that leads outside by the time it is approved is refused again", () => {
  it("refuses approval of a proposal whose file became a link out, and of a modification naming /etc/passwd", () => {
    const ctx = project.context();
    const id = propose(ctx, newDoc("docs/leak.md"));
    mkdirSync(join(project.root, "docs"));
    symlinkSync(join(outside, "id_rsa"), join(project.root, "docs", "leak.md"));
    expect(refusal(() => approveProposal(writeContext(ctx), { proposal_id: id })).message).toMatch(
      /^source_path "docs\/leak\.md" leads outside the project root \(to .*id_rsa\)\.$/,
    );
    expect(
      refusal(() =>
        approveProposal(writeContext(ctx), {
          proposal_id: id,
          modifications: { source_path: "/etc/passwd" },
        }),
      ).message,
    ).toMatch(/source_path: "\/etc\/passwd" is absolute/);
    expect(getDocument(ctx.kdb.db, "leak")).toBeUndefined();
  });

  it("refuses a bundle holding one, naming the proposal", () => {
    const ctx = project.context();
    propose(ctx, newDoc("docs/fine.md", "fine"), "bundle_x");
    const id = propose(ctx, newDoc("linked/key.md"), "bundle_x");
    symlinkSync(outside, join(project.root, "linked"));
    expect(
      refusal(() => approveProposalBundle(writeContext(ctx), { bundle_id: "bundle_x" })).message,
    ).toMatch(new RegExp(`${id}: source_path "linked/key\\.md" leads outside the project root`));
    expect(getDocument(ctx.kdb.db, "fine")).toBeUndefined();
  });
});

describe("'..foo.md' inside the project is a file name, not a climb", () => {
  it("is stored, approved and read like any other file", () => {
    project.write("..foo.md", "dots in a name");
    project.write("docs/..bar.md", "more dots");
    const ctx = project.context();
    const id = propose(ctx, newDoc("..foo.md", "dots"));
    expect(approveProposal(writeContext(ctx), { proposal_id: id }).status).toBe("approved");
    expect(getDocument(ctx.kdb.db, "dots")?.source_path).toBe("..foo.md");
    expect(resolveProjectFile(project.root, "..foo.md").relative).toBe("..foo.md");
    expect(resolveProjectFile(project.root, "docs/..bar.md").relative).toBe("docs/..bar.md");
    expect(resolveProjectFile(project.root, join(project.root, "..foo.md")).relative).toBe("..foo.md");
  });
});
