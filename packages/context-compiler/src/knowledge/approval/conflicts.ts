// Conflicts as approval sees them: what a person's answers retire, and the refusal while one is unanswered.

import { type Db, UserError } from "@archon/core";
import { conflictsOf } from "../../store/conflicts.js";
import { type Channel, step } from "../next-step.js";

// The resolve_conflict tool (mcp/) reads the vocabulary from here.

/** Documents the person chose to replace with this proposal. */
export function supersededBy(db: Db, proposalId: string): string[] {
  return conflictsOf(db, proposalId)
    .filter((c) => c.resolution === "supersede")
    .map((c) => c.existing_doc_id);
}

/** The message for each unanswered conflict of a proposal; empty when it may be approved. */
export function unresolvedConflictProblems(ctx: { db: Db; channel: Channel }, proposalId: string): string[] {
  return conflictsOf(ctx.db, proposalId)
    .filter((c) => c.resolution === null)
    .map(
      (c) =>
        `proposal ${proposalId} has an unresolved conflict (${c.conflict_id}) with standing rule "${c.existing_doc_id}"; answer it with ${step(ctx.channel, "resolve_conflict", { proposal_id: proposalId, existing_doc_id: c.existing_doc_id })} and resolution keep_both, supersede or cancel`,
    );
}

/** Refuses approval while a conflict is unanswered: approving would silently keep two rules that may contradict. */
export function assertConflictsResolved(ctx: { db: Db; channel: Channel }, proposalId: string): void {
  const problems = unresolvedConflictProblems(ctx, proposalId);
  if (problems.length > 0) {
    throw new UserError(
      `Approval refused: ${problems.join("; ")}.`,
      "keep_both keeps both rules, supersede retires the existing rule when this proposal is approved, cancel drops the proposal.",
      "proposal_id",
    );
  }
}
