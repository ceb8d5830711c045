// reject_proposal: a person declines one pending proposal; knowledge is never touched.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { rejectProposal } from "../../knowledge/approval/approve-proposal.js";
import { LIMITS, text } from "../input-limits.js";

export const rejectProposalTool = defineTool({
  name: "reject_proposal",
  title: "Reject a proposal",
  description:
    "Marks one pending proposal rejected with a comment saying why. Canonical knowledge is not touched: no version bump, no snapshot.",
  input: {
    proposal_id: text(LIMITS.id).min(1),
    comment: text(LIMITS.description).min(1).describe("Why it was rejected"),
  },
  output: {
    proposal_id: z.string(),
    status: z.literal("rejected"),
    comment: z.string(),
    knowledge_version: z.number().int(),
  },
  annotations: additiveWrite,
  run: (args, ctx: ArchonContext) => rejectProposal(writeContext(ctx), args),
});
