import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProposal } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { approveCommand } from "./approve.command.js";
import type { GlobalOptions } from "./options.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  // An Archon project: a command that does not make one refuses a folder without .archon/.
  project.context().close();
});
afterEach(() => project.cleanup());

const options = (): GlobalOptions => ({ surface: "admin", db: project.dbPath, projectRoot: project.root });
function run(id: string, opts: { json?: boolean } = {}) {
  let text = "";
  approveCommand(options(), id, opts, { write: (t: string) => (text += t) });
  return text;
}
function propose(doc_id: string, bundle_id?: string) {
  const ctx = project.context();
  const payload = {
    doc_id,
    title: doc_id,
    content: "x",
    edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
  };
  return createProposal(
    ctx.kdb.db,
    { proposal_type: "new_doc", payload, source: "import", bundle_id },
    ctx.clock,
    ctx.ids,
  ).proposal_id;
}

describe("archon approve", () => {
  it("approves one proposal by id and prints what landed", () => {
    const id = propose("a");
    expect(run(id)).toBe(
      `Approved ${id} (new_doc): knowledge_version 1, snapshot snap_v1.\n  documents added: a\n  edges added: 1\n`,
    );
  });

  it("approves a whole bundle by its bundle id, as one version", () => {
    propose("a", "bnd_x");
    propose("b", "bnd_x");
    expect(JSON.parse(run("bnd_x", { json: true }))).toMatchObject({
      bundle_id: "bnd_x",
      knowledge_version: 1,
      changes: { documents_added: ["a", "b"], edges_added: [1, 2] },
    });
  });

  it("refuses an id that is neither a proposal nor a bundle, changing nothing", () => {
    expect(() => run("nope")).toThrow('"nope" is neither a proposal id nor a bundle id.');
    expect(readVersion(project.context().kdb.db)).toBe(0);
  });
});
