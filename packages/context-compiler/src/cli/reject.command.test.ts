import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProposal, getProposal, listProposals } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { approveCommand } from "./approve.command.js";
import type { GlobalOptions } from "./options.js";
import { type RejectOptions, rejectCommand } from "./reject.command.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  // An Archon project: a command that does not make one refuses a folder without .archon/.
  project.context().close();
});
afterEach(() => project.cleanup());

const options = (): GlobalOptions => ({ surface: "admin", db: project.dbPath, projectRoot: project.root });
const sink = { write: () => true };
function run(id: string, opts: RejectOptions) {
  let text = "";
  rejectCommand(options(), id, opts, { write: (t: string) => (text += t) });
  return text;
}
function propose(doc_id: string, bundle_id?: string) {
  const ctx = project.context();
  const payload = { doc_id, title: doc_id, content: "x", edge_hints: [] };
  return createProposal(
    ctx.kdb.db,
    { proposal_type: "new_doc", payload, source: "import", bundle_id },
    ctx.clock,
    ctx.ids,
  ).proposal_id;
}
const db = () => project.context().kdb.db;

describe("archon reject", () => {
  it("rejects one proposal with the comment and leaves knowledge alone", () => {
    const id = propose("a");
    expect(run(id, { comment: "duplicate" })).toBe(
      `Rejected ${id} (new_doc): knowledge unchanged (knowledge_version 0).\n  comment: duplicate\n`,
    );
    expect(getProposal(db(), id)).toMatchObject({
      status: "rejected",
      comment: "duplicate",
      decided_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(readVersion(db())).toBe(0);
  });

  it("rejects every pending proposal of a bundle, and skips the ones already decided", () => {
    const first = propose("a", "bnd_x");
    propose("b", "bnd_x");
    propose("c", "bnd_x");
    propose("d");
    approveCommand(options(), first, {}, sink);
    expect(JSON.parse(run("bnd_x", { comment: "too broad", json: true }))).toEqual({
      bundle_id: "bnd_x",
      rejected: ["prop_0002", "prop_0003"],
      comment: "too broad",
      knowledge_version: 1,
    });
    expect(listProposals(db(), "pending").map((p) => p.proposal_id)).toEqual(["prop_0004"]);
    expect(getProposal(db(), first)?.status).toBe("approved");
  });

  it("refuses without --comment, naming the flag, and changes nothing", () => {
    const id = propose("a");
    for (const comment of [undefined, "   "]) {
      expect(() => run(id, { comment })).toThrow(
        expect.objectContaining({
          message: "archon reject needs --comment saying why the proposal is rejected.",
          hint: `Run it again with a reason, for example: archon reject ${id} --comment "duplicates an existing rule".`,
        }),
      );
    }
    expect(getProposal(db(), id)?.status).toBe("pending");
  });

  it("refuses an unknown id and a bundle with nothing left to reject", () => {
    expect(() => run("nope", { comment: "x" })).toThrow(
      expect.objectContaining({
        message: '"nope" is neither a proposal id nor a bundle id.',
        hint: "Pending proposals and their bundle ids are listed by archon proposals.",
      }),
    );
    propose("a", "bnd_x");
    run("bnd_x", { comment: "no" });
    expect(() => run("bnd_x", { comment: "again" })).toThrow(
      "Bundle bnd_x has no pending proposals left to reject.",
    );
  });
});
