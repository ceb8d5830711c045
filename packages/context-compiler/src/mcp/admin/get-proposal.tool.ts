// get_proposal: one proposal with the observations it cites and the answers to its conflicts.
import { defineTool, readOnly } from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import { getProposalForReview } from "../../knowledge/approval/proposal-views.js";
import { LIMITS, text } from "../input-limits.js";

export const getProposalTool = defineTool({
  name: "get_proposal",
  title: "Read a proposal",
  description: (t) =>
    `One proposal by id with evidence_observation_ids, secret_scan_warnings and its conflicts (an unresolved one must be answered with ${t("resolve_conflict")} before approval), or null when there is no such proposal.`,
  input: { proposal_id: text(LIMITS.id).min(1) },
  annotations: readOnly,
  run: ({ proposal_id }, ctx: ArchonContext) => getProposalForReview(ctx.kdb.db, proposal_id),
});
