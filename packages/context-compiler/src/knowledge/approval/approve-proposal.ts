// approve_proposal and reject_proposal: a person's decision on one pending proposal (P-3).

import { UserError } from "@archon/core";
import { parsePayload } from "../../store/proposal-payloads.js";
import { decideProposal, getProposal, type Proposal, storeAppliedPayload } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { step } from "../next-step.js";
import { sourcePathOutside } from "../project-path.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";
import { applyProposal } from "./apply-proposal.js";
import { commitKnowledge } from "./commit-knowledge.js";
import { assertConflictsResolved } from "./conflicts.js";
import { isChanged, type ReportedChange, reportedChange } from "./knowledge-change.js";

/** The proposal, or a UserError saying why it cannot be decided. */
export function requirePendingProposal(
  ctx: Pick<WriteContext, "db" | "channel">,
  proposalId: string,
): Proposal {
  const proposal = getProposal(ctx.db, proposalId);
  if (!proposal)
    throw new UserError(
      `No proposal "${proposalId}".`,
      `List them with ${step(ctx.channel, "list_proposals")}.`,
      "proposal_id",
    );
  if (proposal.status !== "pending") {
    throw new UserError(
      `Proposal ${proposalId} is already ${proposal.status}; only pending proposals can be decided.`,
      undefined,
      "proposal_id",
    );
  }
  return proposal;
}

export interface ApproveResult {
  proposal_id: string;
  status: "approved";
  applied_version: number;
  knowledge_version: number;
  snapshot_id: string | null;
  changes: ReportedChange;
  rules_file_written: boolean;
  warnings: string[];
}

export function approveProposal(
  ctx: WriteContext,
  input: { proposal_id: string; modifications?: Record<string, unknown> },
): ApproveResult {
  assertAdminSurface(ctx.surface, "approve_proposal");
  const proposal = requirePendingProposal(ctx, input.proposal_id);
  const payload = parsePayload(proposal.proposal_type, { ...proposal.payload, ...input.modifications });
  const { source_path } = payload as { source_path?: string | null };
  const outside = source_path ? sourcePathOutside(ctx.projectRoot, source_path) : undefined;
  if (outside)
    throw new UserError(
      `${outside}.`,
      "Reject this proposal, or approve it with a source_path inside the project.",
      "source_path",
    );
  assertConflictsResolved(ctx, proposal.proposal_id);
  const result = commitKnowledge(ctx, (version) => {
    const change = applyProposal(ctx.db, { ...proposal, payload }, version);
    const applied_version = isChanged(change) ? version : readVersion(ctx.db);
    storeAppliedPayload(ctx.db, proposal.proposal_id, payload);
    decideProposal(ctx.db, proposal.proposal_id, {
      status: "approved",
      at: ctx.clock.now(),
      ...(ctx.actor ? { by: ctx.actor } : {}),
      applied_version,
    });
    return { change, value: applied_version };
  });
  return {
    proposal_id: proposal.proposal_id,
    status: "approved",
    applied_version: result.value,
    knowledge_version: result.knowledge_version,
    snapshot_id: result.snapshot_id,
    changes: reportedChange(result.change),
    rules_file_written: result.rules_file_written,
    warnings: result.warnings,
  };
}

/** Marks a pending proposal rejected. Knowledge is never touched, so there is no version bump. */
export function rejectProposal(ctx: WriteContext, input: { proposal_id: string; comment: string }) {
  assertAdminSurface(ctx.surface, "reject_proposal");
  requirePendingProposal(ctx, input.proposal_id);
  decideProposal(ctx.db, input.proposal_id, {
    status: "rejected",
    at: ctx.clock.now(),
    ...(ctx.actor ? { by: ctx.actor } : {}),
    comment: input.comment,
  });
  return {
    proposal_id: input.proposal_id,
    status: "rejected" as const,
    comment: input.comment,
    knowledge_version: readVersion(ctx.db),
  };
}
