import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { openConflicts } from "../../store/conflicts.js";
import { getDocument } from "../../store/documents.js";
import { createProposal, getProposal } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { approveProposal } from "../approval/approve-proposal.js";
import { deleteDecision } from "./delete-decision.js";
import { resolveConflict } from "./resolve-conflict.js";
import { RULES_FILE, renderRulesFile } from "./rules-file.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

type Ctx = ReturnType<TestProject["context"]>;
const standing = (doc_id: string, content: string) => ({
  doc_id,
  title: `Rule ${doc_id}`,
  content,
  origin: "standing",
  edge_hints: [{ edge_type: "command_requires", source_value: "test" }],
});
const propose = (ctx: Ctx, payload: unknown, proposal_type: "new_doc" | "update_doc" = "new_doc") =>
  createProposal(ctx.kdb.db, { proposal_type, payload, source: "manual_note" }, ctx.clock, ctx.ids)
    .proposal_id;
const approve = (ctx: Ctx, proposal_id: string) => approveProposal(writeContext(ctx), { proposal_id });
const rulesFile = () => readFileSync(join(project.root, RULES_FILE), "utf8");
const withIds = (ctx: Ctx) => ({ ...writeContext(ctx), ids: ctx.ids });

describe("approving standing rules keeps .archon/rules.md in step", () => {
  it("renders the file on approval and update of a standing rule, but not for ordinary documents", () => {
    const ctx = project.context();
    approve(ctx, propose(ctx, { doc_id: "plain", title: "Plain", content: "x" }));
    expect(existsSync(join(project.root, RULES_FILE))).toBe(false);
    approve(ctx, propose(ctx, standing("no-tests", "Don't run tests unless asked.")));
    approve(ctx, propose(ctx, { doc_id: "no-tests", content: "Run tests only when asked." }, "update_doc"));
    expect(rulesFile()).toBe(
      renderRulesFile([
        { doc_id: "no-tests", title: "Rule no-tests", content: "Run tests only when asked." },
      ]),
    );
  });

  it("refuses to render over hand edits nobody absorbed, changing nothing", () => {
    const ctx = project.context();
    approve(ctx, propose(ctx, standing("a", "Rule A.")));
    project.write(
      RULES_FILE,
      renderRulesFile([{ doc_id: "a", title: "Rule a", content: "Edited by hand." }]),
    );
    const id = propose(ctx, standing("b", "Rule B."));
    expect(() => approve(ctx, id)).toThrow(
      ".archon/rules.md has hand edits that are not in the knowledge base yet (changed: a); approving now would overwrite them. Nothing was changed.",
    );
    expect(readVersion(ctx.kdb.db)).toBe(1);
    expect(getProposal(ctx.kdb.db, id)?.status).toBe("pending");
    expect(rulesFile()).toContain("Edited by hand.");
  });
});

describe("resolve_conflict", () => {
  function conflicted(ctx: Ctx) {
    approve(ctx, propose(ctx, standing("old-rule", "Run tests before every commit.")));
    const id = propose(ctx, standing("new-rule", "Never run tests before a commit."));
    openConflicts(ctx.kdb.db, id, ["old-rule"], ctx.clock, ctx.ids);
    return id;
  }

  it("refuses approval while a conflict is unanswered, naming it and the tool that answers it", () => {
    const ctx = project.context();
    const id = conflicted(ctx);
    expect(() => approve(ctx, id)).toThrow(
      `Approval refused: proposal ${id} has an unresolved conflict (cfl_0003) with standing rule "old-rule"; answer it with archon_resolve_conflict({ proposal_id: "${id}", existing_doc_id: "old-rule" }) and resolution keep_both, supersede or cancel.`,
    );
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("keep_both lets the proposal land beside the existing rule", () => {
    const ctx = project.context();
    const id = conflicted(ctx);
    expect(
      resolveConflict(withIds(ctx), {
        proposal_id: id,
        existing_doc_id: "old-rule",
        resolution: "keep_both",
      }),
    ).toEqual({
      conflict_id: "cfl_0003",
      proposal_id: id,
      existing_doc_id: "old-rule",
      resolution: "keep_both",
      created_at: "2026-11-29T12:00:00.000Z",
      resolved_at: "2026-11-29T12:00:00.000Z",
      proposal_status: "pending",
    });
    expect(readVersion(ctx.kdb.db)).toBe(1);
    approve(ctx, id);
    expect(getDocument(ctx.kdb.db, "old-rule")?.status).toBe("approved");
    expect(getDocument(ctx.kdb.db, "new-rule")?.status).toBe("approved");
  });

  it("supersede retires the existing rule and its edges in the approval's own version", () => {
    const ctx = project.context();
    const id = conflicted(ctx);
    resolveConflict(withIds(ctx), { proposal_id: id, existing_doc_id: "old-rule", resolution: "supersede" });
    expect(approve(ctx, id)).toMatchObject({
      knowledge_version: 2,
      changes: {
        documents_added: ["new-rule"],
        documents_removed: ["old-rule"],
        edges_added: [2],
        edges_removed: [1],
      },
    });
    expect(getDocument(ctx.kdb.db, "old-rule")?.status).toBe("deprecated");
    expect(rulesFile()).not.toContain("old-rule");
  });

  it("cancel cancels the proposal, which can then no longer be approved", () => {
    const ctx = project.context();
    const id = conflicted(ctx);
    expect(
      resolveConflict(withIds(ctx), { proposal_id: id, existing_doc_id: "old-rule", resolution: "cancel" }),
    ).toMatchObject({ resolution: "cancel", proposal_status: "cancelled" });
    expect(getProposal(ctx.kdb.db, id)).toMatchObject({ status: "cancelled" });
    expect(() => approve(ctx, id)).toThrow(/already cancelled/);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("records an answer for a pair nobody flagged, and refuses unknown documents and the agent surface", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("other")] });
    const id = propose(ctx, standing("r", "Some rule."));
    expect(
      resolveConflict(withIds(ctx), { proposal_id: id, existing_doc_id: "other", resolution: "keep_both" }),
    ).toMatchObject({ conflict_id: "cfl_0002", resolution: "keep_both" });
    expect(() =>
      resolveConflict(withIds(ctx), { proposal_id: id, existing_doc_id: "ghost", resolution: "keep_both" }),
    ).toThrow('No document "ghost".');
    const agent = project.context("agent");
    expect(() =>
      resolveConflict(
        { ...writeContext(agent), ids: agent.ids },
        { proposal_id: id, existing_doc_id: "other", resolution: "cancel" },
      ),
    ).toThrow(/resolve_conflict is refused on the agent surface/);
    expect(getProposal(ctx.kdb.db, id)?.status).toBe("pending");
  });
});

describe("delete_decision", () => {
  it("soft-deletes a standing rule: deprecated with its edges, a new version and snapshot, rules.md rendered", () => {
    const ctx = project.context();
    approve(ctx, propose(ctx, standing("a", "Rule A.")));
    approve(ctx, propose(ctx, standing("b", "Rule B.")));
    expect(deleteDecision(writeContext(ctx), { doc_id: "a" })).toEqual({
      doc_id: "a",
      status: "deprecated",
      edges_deprecated: [1],
      knowledge_version: 3,
      snapshot_id: "snap_v3",
      rules_file_written: true,
      warnings: [],
    });
    expect(getDocument(ctx.kdb.db, "a")?.status).toBe("deprecated");
    expect(rulesFile()).toBe(renderRulesFile([{ doc_id: "b", title: "Rule b", content: "Rule B." }]));
  });

  it("refuses ordinary documents, unknown ids, rules already deleted and the agent surface", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("ordinary")] });
    approve(ctx, propose(ctx, standing("a", "Rule A.")));
    deleteDecision(writeContext(ctx), { doc_id: "a" });
    const w = writeContext(ctx);
    expect(() => deleteDecision(w, { doc_id: "ordinary" })).toThrow(
      '"ordinary" is not a standing rule (a captured decision), so delete_decision refuses it.',
    );
    expect(() => deleteDecision(w, { doc_id: "ghost" })).toThrow('No document "ghost".');
    expect(() => deleteDecision(w, { doc_id: "a" })).toThrow('Standing rule "a" is already deleted.');
    expect(() => deleteDecision(writeContext(project.context("agent")), { doc_id: "a" })).toThrow(
      /agent surface/,
    );
    expect(readVersion(ctx.kdb.db)).toBe(3);
  });
});
