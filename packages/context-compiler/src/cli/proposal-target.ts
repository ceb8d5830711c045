// What an id given to `archon approve` or `archon reject` names: one proposal, or a whole bundle.
import { UserError } from "@archon/core";
import { step } from "../knowledge/next-step.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { bundleProposals, getProposal } from "../store/proposals.js";

/** The proposal `id` names, or undefined when it names a bundle; refuses an id that names neither. */
export function proposalTarget(ctx: WriteContext, id: string): ReturnType<typeof getProposal> {
  const proposal = getProposal(ctx.db, id);
  if (proposal || bundleProposals(ctx.db, id).length > 0) return proposal;
  throw new UserError(
    `"${id}" is neither a proposal id nor a bundle id.`,
    `Pending proposals and their bundle ids are listed by ${step(ctx.channel, "list_proposals")}.`,
  );
}
