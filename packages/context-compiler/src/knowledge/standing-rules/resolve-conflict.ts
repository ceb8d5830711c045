// resolve_conflict: a person's answer to "this new rule may collide with that one": keep both, supersede or cancel.
import { type IdGenerator, UserError } from "@archon/core";
import { answerConflict, type ConflictRow, conflictsOf } from "../../store/conflicts.js";
import { docIdInUse } from "../../store/documents.js";
import { decideProposal } from "../../store/proposals.js";
import type { ConflictResolution } from "../../vocabulary/lifecycle.js";
import { requirePendingProposal } from "../approval/approve-proposal.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";

export interface ResolveConflictInput {
  proposal_id: string;
  existing_doc_id: string;
  resolution: ConflictResolution;
}

/**
 * Stores the answer (replacing an earlier one while the proposal is pending). keep_both changes nothing
 * else; supersede retires the existing rule when the proposal is approved; cancel cancels the proposal now.
 */
export function resolveConflict(ctx: WriteContext & { ids: IdGenerator }, input: ResolveConflictInput) {
  assertAdminSurface(ctx.surface, "resolve_conflict");
  const proposal = requirePendingProposal(ctx, input.proposal_id);
  if (!docIdInUse(ctx.db, input.existing_doc_id)) {
    throw new UserError(`No document "${input.existing_doc_id}".`, undefined, "existing_doc_id");
  }
  if (input.resolution === "supersede" && proposal.payload.doc_id === input.existing_doc_id) {
    throw new UserError(
      `Proposal ${input.proposal_id} itself changes "${input.existing_doc_id}", so it cannot supersede it.`,
      "Answer keep_both, or cancel the proposal.",
      "resolution",
    );
  }
  const at = ctx.clock.now().toISOString();
  const conflict = ctx.db
    .transaction((): ConflictRow => {
      answerConflict(ctx.db, input, at, ctx.ids);
      if (input.resolution === "cancel") {
        decideProposal(ctx.db, input.proposal_id, {
          status: "cancelled",
          at: ctx.clock.now(),
          ...(ctx.actor ? { by: ctx.actor } : {}),
          comment: `Cancelled: it conflicts with "${input.existing_doc_id}".`,
        });
      }
      return conflictsOf(ctx.db, input.proposal_id).find(
        (c) => c.existing_doc_id === input.existing_doc_id,
      ) as ConflictRow;
    })
    .immediate();
  return {
    ...conflict,
    proposal_status: input.resolution === "cancel" ? ("cancelled" as const) : ("pending" as const),
  };
}
