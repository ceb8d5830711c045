// preflight_proposal_bundle: a read-only dry run of a bundle's approval.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { preflightProposalBundle } from "../../knowledge/approval/bundle.js";
import { LIMITS, text } from "../input-limits.js";
import { knowledgeChangeSchema } from "../result-schemas/knowledge-rows.js";

export const preflightProposalBundleTool = defineTool({
  name: "preflight_proposal_bundle",
  title: "Preflight a proposal bundle",
  description: (t) =>
    `Read-only: the order a bundle would be applied in (documents before what refers to them, deprecations last), every validation problem (missing targets, duplicate or existing doc_ids, unknown edges, dependency cycles, non-pending members, unresolved conflicts) and, when ready, the exact outcome: knowledge_version after and the documents and edges added, updated and removed. It applies the bundle inside a transaction and rolls it back, so ${t("approve_proposal_bundle")} does exactly this.`,
  input: { bundle_id: text(LIMITS.id).min(1) },
  output: {
    bundle_id: z.string(),
    ready: z.boolean(),
    order: z.array(z.object({ proposal_id: z.string(), proposal_type: z.string(), subject: z.string() })),
    problems: z.array(z.string()),
    knowledge_version_before: z.number().int(),
    outcome: knowledgeChangeSchema.extend({ knowledge_version_after: z.number().int() }).nullable(),
  },
  annotations: readOnly,
  run: (args, ctx: ArchonContext) => preflightProposalBundle(writeContext(ctx), args),
});
