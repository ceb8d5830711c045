// archon reject <proposal_id|bundle_id> --comment: a person at a terminal declines one proposal or a whole bundle.
import { UserError } from "@archon/core";
import { writeContext } from "../context/archon-context.js";
import { rejectProposal } from "../knowledge/approval/approve-proposal.js";
import { step } from "../knowledge/next-step.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { bundleProposals } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import { proposalTarget } from "./proposal-target.js";
import type { Output } from "./sync-rules-file.command.js";

export interface RejectOptions {
  comment?: string;
  json?: boolean;
}

/**
 * Every pending member of the bundle, through the same rejectProposal the reject_proposal tool runs, in one
 * transaction: a bundle is declined whole or not at all. Members already decided are left as they are.
 */
function rejectBundle(ctx: WriteContext, bundleId: string, comment: string) {
  const pending = bundleProposals(ctx.db, bundleId).filter((p) => p.status === "pending");
  if (pending.length === 0) {
    throw new UserError(
      `Bundle ${bundleId} has no pending proposals left to reject.`,
      `Its proposals are listed by ${step(ctx.channel, "list_proposals", { bundle_id: bundleId })} --status approved (or rejected).`,
    );
  }
  ctx.db
    .transaction(() => {
      for (const p of pending) rejectProposal(ctx, { proposal_id: p.proposal_id, comment });
    })
    .immediate();
  return {
    bundle_id: bundleId,
    rejected: pending.map((p) => p.proposal_id),
    comment,
    knowledge_version: readVersion(ctx.db),
  };
}

export function rejectCommand(
  options: GlobalOptions,
  id: string,
  opts: RejectOptions,
  out: Output = process.stdout,
): void {
  const comment = opts.comment?.trim() ?? "";
  if (comment === "") {
    throw new UserError(
      "archon reject needs --comment saying why the proposal is rejected.",
      `Run it again with a reason, for example: archon reject ${id} --comment "duplicates an existing rule".`,
    );
  }
  const ctx = openContext(options);
  try {
    const w = writeContext(ctx);
    const proposal = proposalTarget(w, id);
    const result = proposal ? rejectProposal(w, { proposal_id: id, comment }) : rejectBundle(w, id, comment);
    if (opts.json) {
      out.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    const what =
      "rejected" in result
        ? `bundle ${id} (${result.rejected.length} proposal(s): ${result.rejected.join(", ")})`
        : `${id} (${proposal?.proposal_type})`;
    out.write(
      `Rejected ${what}: knowledge unchanged (knowledge_version ${result.knowledge_version}).\n  comment: ${comment}\n`,
    );
  } finally {
    ctx.close();
  }
}
