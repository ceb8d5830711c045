import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProposal } from "../store/proposals.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import type { GlobalOptions } from "./options.js";
import { type ProposalsOptions, proposalsCommand } from "./proposals.command.js";
import { rejectCommand } from "./reject.command.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  // An Archon project: a command that does not make one refuses a folder without .archon/.
  project.context().close();
});
afterEach(() => project.cleanup());

const options = (): GlobalOptions => ({ surface: "admin", db: project.dbPath, projectRoot: project.root });
function run(opts: ProposalsOptions = {}) {
  let text = "";
  proposalsCommand(options(), opts, { write: (t: string) => (text += t) });
  return text;
}
function propose(doc_id: string, bundle_id?: string) {
  const ctx = project.context();
  const payload = { doc_id, title: `Rule ${doc_id}`, content: "x", edge_hints: [] };
  return createProposal(
    ctx.kdb.db,
    { proposal_type: "new_doc", payload, source: "import", bundle_id },
    ctx.clock,
    ctx.ids,
  ).proposal_id;
}
function proposeEdge() {
  const ctx = project.context();
  const payload = { edge_type: "path_requires", source_value: "src/**", target_doc_id: "a" };
  return createProposal(
    ctx.kdb.db,
    { proposal_type: "add_edge", payload, source: "observation" },
    ctx.clock,
    ctx.ids,
  ).proposal_id;
}

describe("archon proposals", () => {
  it("lists pending proposals one line each, grouped by bundle, with the commands that decide them", () => {
    propose("a", "bnd_x");
    propose("b", "bnd_x");
    proposeEdge();
    propose("c", "bnd_y");
    expect(run()).toBe(
      [
        "4 pending proposal(s):",
        "",
        'bundle bnd_x (2): archon approve bnd_x or archon reject bnd_x --comment "<why>"',
        '  prop_0001  new_doc  a  "Rule a"',
        '  prop_0002  new_doc  b  "Rule b"',
        "",
        'bundle bnd_y (1): archon approve bnd_y or archon reject bnd_y --comment "<why>"',
        '  prop_0004  new_doc  c  "Rule c"',
        "",
        "no bundle (1)",
        '  prop_0003  add_edge  a  "path_requires src/**"',
        "",
        'Decide one with archon approve <proposal_id> or archon reject <proposal_id> --comment "<why>".',
        "",
      ].join("\n"),
    );
  });

  it("filters by bundle and by status, and prints JSON for programs", () => {
    propose("a", "bnd_x");
    propose("b", "bnd_y");
    rejectCommand(options(), "bnd_y", { comment: "not now" }, { write: () => true });
    const json = JSON.parse(run({ bundle: "bnd_x", json: true }));
    expect(json).toMatchObject({ status: "pending", count: 1, bundles: [{ bundle_id: "bnd_x", count: 1 }] });
    expect(json.proposals.map((p: { proposal_id: string }) => p.proposal_id)).toEqual(["prop_0001"]);
    expect(run({ status: "rejected" })).toBe(
      ["1 rejected proposal(s):", "", "bundle bnd_y (1)", '  prop_0002  new_doc  b  "Rule b"', ""].join("\n"),
    );
  });

  it("says when there is nothing to review", () => {
    expect(run()).toBe("No pending proposals.\n");
  });

  it("refuses an unknown status or bundle with a hint", () => {
    expect(() => run({ status: "open" })).toThrow(
      expect.objectContaining({
        message: '--status must be one of pending, approved, rejected, cancelled, not "open".',
        hint: "Leave --status out to list the pending proposals.",
      }),
    );
    expect(() => run({ bundle: "bnd_nope" })).toThrow(
      expect.objectContaining({
        message: 'No proposals carry bundle_id "bnd_nope".',
        hint: "Run archon proposals to see the bundles.",
      }),
    );
  });
});
