// preflight_proposal_bundle: a read-only dry run of a bundle's approval.
import { defineTool, readOnly } from "@archon/core";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { preflightProposalBundle } from "../../knowledge/approval/bundle.js";
import { LIMITS, text } from "../input-limits.js";

export const preflightProposalBundleTool = defineTool({
  name: "preflight_proposal_bundle",
  title: "Preflight a proposal bundle",
  description: (t) =>
    `Read-only: the order a bundle would be applied in (documents before what refers to them, deprecations last), every validation problem (missing targets, duplicate or existing doc_ids, unknown edges, dependency cycles, non-pending members, unresolved conflicts) and, when ready, the exact outcome: knowledge_version after and the documents and edges added, updated and removed. It applies the bundle inside a transaction and rolls it back, so ${t("approve_proposal_bundle")} does exactly this.`,
  input: { bundle_id: text(LIMITS.id).min(1) },
  annotations: readOnly,
  run: (args, ctx: ArchonContext) => preflightProposalBundle(writeContext(ctx), args),
});
