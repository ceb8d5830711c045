// approve_proposal: a person accepts one pending proposal; it lands as one new knowledge version.
import { defineTool, destructiveWrite } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { approveProposal } from "../../knowledge/approval/approve-proposal.js";
import { jsonObject, LIMITS, text } from "../input-limits.js";
import { commitShape, knowledgeChangeSchema } from "../result-schemas/knowledge-rows.js";

export const approveProposalTool = defineTool({
  name: "approve_proposal",
  title: "Approve a proposal",
  description: (t) =>
    `Applies one pending proposal in one transaction: the change, a knowledge_version bump and a snapshot, or nothing on any failure. modifications are shallow-merged over the payload and validated again before applying. Refused while the proposal has an unresolved conflict (answer it with ${t("resolve_conflict")}). Approving a standing rule re-renders .archon/rules.md. Only a person should approve: never approve your own proposals.`,
  input: {
    proposal_id: text(LIMITS.id).min(1),
    modifications: jsonObject(z.unknown(), LIMITS.payload)
      .optional()
      .describe("Payload fields to replace before applying, e.g. { title: '...' }"),
  },
  output: {
    proposal_id: z.string(),
    status: z.literal("approved"),
    applied_version: z.number().int(),
    changes: knowledgeChangeSchema,
    ...commitShape,
  },
  annotations: destructiveWrite,
  run: (args, ctx: ArchonContext) => approveProposal(writeContext(ctx), args),
});
