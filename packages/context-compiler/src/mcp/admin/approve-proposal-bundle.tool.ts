// approve_proposal_bundle: a person accepts a whole bundle; it lands as one version and one snapshot.
import { defineTool, destructiveWrite } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { approveProposalBundle } from "../../knowledge/approval/bundle.js";
import { LIMITS, text } from "../input-limits.js";
import { commitShape, knowledgeChangeSchema } from "../result-schemas/knowledge-rows.js";

export const approveProposalBundleTool = defineTool({
  name: "approve_proposal_bundle",
  title: "Approve a proposal bundle",
  description: (t) =>
    `Applies every proposal of a bundle in dependency order as one knowledge_version bump and one snapshot. Any problem refuses the whole bundle and changes nothing: run ${t("preflight_proposal_bundle")} first and show its outcome to the person.`,
  input: { bundle_id: text(LIMITS.id).min(1) },
  output: {
    bundle_id: z.string(),
    approved: z.array(z.string()),
    applied_version: z.number().int(),
    changes: knowledgeChangeSchema,
    ...commitShape,
  },
  annotations: destructiveWrite,
  run: (args, ctx: ArchonContext) => approveProposalBundle(writeContext(ctx), args),
});
