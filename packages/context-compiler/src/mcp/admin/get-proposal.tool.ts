// get_proposal: one proposal with the observations it cites and the answers to its conflicts.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { getProposalForReview } from "../../knowledge/approval/proposal-views.js";
import { CONFLICT_RESOLUTIONS } from "../../vocabulary/lifecycle.js";
import { LIMITS, text } from "../input-limits.js";
import { proposalShape } from "../result-schemas/knowledge-rows.js";

export const getProposalTool = defineTool({
  name: "get_proposal",
  title: "Read a proposal",
  description: (t) =>
    `One proposal by id with evidence_observation_ids, secret_scan_warnings and its conflicts (an unresolved one must be answered with ${t("resolve_conflict")} before approval), or null when there is no such proposal.`,
  input: { proposal_id: text(LIMITS.id).min(1) },
  // A union cannot be an outputSchema (it must be one object): the proposal's fields, or `result: null`
  // (jsonResult's wrapping of null) when there is no such proposal.
  output: z
    .object({
      ...proposalShape,
      evidence_observation_ids: z.array(z.string()),
      secret_scan_warnings: z.array(z.string()),
      conflicts: z.array(
        z.object({ existing_doc_id: z.string(), resolution: z.enum(CONFLICT_RESOLUTIONS).nullable() }),
      ),
    })
    .partial()
    .extend({ result: z.null().optional() }),
  annotations: readOnly,
  run: ({ proposal_id }, ctx: ArchonContext) => getProposalForReview(ctx.kdb.db, proposal_id),
});
