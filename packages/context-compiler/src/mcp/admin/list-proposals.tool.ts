// list_proposals: proposals of one status for review, each with computed secret-scan warnings.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { listProposalsForReview } from "../../knowledge/approval/proposal-views.js";
import { PROPOSAL_STATUSES } from "../../vocabulary/lifecycle.js";
import { LIMITS, text } from "../input-limits.js";
import { proposalShape } from "../result-schemas/knowledge-rows.js";

export const listProposalsTool = defineTool({
  name: "list_proposals",
  title: "List proposals",
  description: (t) =>
    `Proposals of one status (pending by default), oldest first, each with secret_scan_warnings computed over its payload. Show them to the person; then ${t("approve_proposal")}, ${t("reject_proposal")}, or for a bundle_id ${t("preflight_proposal_bundle")} and ${t("approve_proposal_bundle")}.`,
  input: {
    status: z.enum(PROPOSAL_STATUSES).optional().describe("One status per call; default pending"),
    limit: z.number().int().min(1).max(1000).optional().describe("Default 100"),
    bundle_id: text(LIMITS.id).min(1).optional().describe("Only the proposals of this bundle"),
  },
  output: {
    status: z.enum(PROPOSAL_STATUSES),
    count: z.number().int(),
    proposals: z.array(z.object({ ...proposalShape, secret_scan_warnings: z.array(z.string()) })),
  },
  annotations: readOnly,
  run: (args, ctx: ArchonContext) => listProposalsForReview(ctx.kdb.db, args),
});
