// Bundles: a preflight that really applies and rolls back, and an approval that applies the same way for good.

import { UserError } from "@archon/core";
import { bundleProposals, decideProposal, type Proposal } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { type Channel, step } from "../next-step.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";
import { applyProposal } from "./apply-proposal.js";
import { orderBundle } from "./bundle-order.js";
import { bundleProblems } from "./bundle-problems.js";
import { commitKnowledge, type KnowledgeWork, simulateKnowledge } from "./commit-knowledge.js";
import { combineChanges, isChanged, type ReportedChange, reportedChange } from "./knowledge-change.js";

export interface BundlePlan {
  bundle_id: string;
  order: Proposal[];
  problems: string[];
}

/** What a bundle's proposals subject: the document or edge each one is about. */
const subject = (p: Proposal) =>
  p.proposal_type === "remove_edge"
    ? `edge ${String(p.payload.edge_id)}`
    : p.proposal_type === "add_edge"
      ? `${String(p.payload.edge_type)} ${String(p.payload.source_value)} → ${String(p.payload.target_doc_id)}`
      : String(p.payload.doc_id);

export function planBundle(ctx: WriteContext, bundleId: string): BundlePlan {
  const members = bundleProposals(ctx.db, bundleId);
  if (members.length === 0) {
    throw new UserError(
      `No proposals carry bundle_id "${bundleId}".`,
      `List pending proposals with ${step(ctx.channel, "list_proposals")}; each shows its bundle_id.`,
      "bundle_id",
    );
  }
  const { order, stuck } = orderBundle(members);
  return { bundle_id: bundleId, order, problems: bundleProblems(ctx, members, stuck) };
}

/** Applies every member in order; decisions are recorded once the bundle's version is known. */
const applyBundle =
  (ctx: WriteContext, plan: BundlePlan): KnowledgeWork<number> =>
  (version) => {
    const change = combineChanges(plan.order.map((p) => applyProposal(ctx.db, p, version)));
    const applied_version = isChanged(change) ? version : readVersion(ctx.db);
    for (const p of plan.order) {
      decideProposal(ctx.db, p.proposal_id, {
        status: "approved",
        at: ctx.clock.now(),
        ...(ctx.actor ? { by: ctx.actor } : {}),
        applied_version,
      });
    }
    return { change, value: applied_version };
  };

/** Read-only: the order, every problem, and (when there is none) the exact outcome approval would have. */
export function preflightProposalBundle(ctx: WriteContext, input: { bundle_id: string }) {
  const plan = planBundle(ctx, input.bundle_id);
  const before = readVersion(ctx.db);
  const problems = [...plan.problems];
  let outcome: (ReportedChange & { knowledge_version_after: number }) | null = null;
  if (problems.length === 0) {
    try {
      const simulated = simulateKnowledge(ctx, applyBundle(ctx, plan));
      outcome = { knowledge_version_after: simulated.knowledge_version, ...reportedChange(simulated.change) };
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      problems.push(error.message);
    }
  }
  return {
    bundle_id: plan.bundle_id,
    ready: problems.length === 0,
    order: plan.order.map((p) => ({
      proposal_id: p.proposal_id,
      proposal_type: p.proposal_type,
      subject: subject(p),
    })),
    problems,
    knowledge_version_before: before,
    outcome,
  };
}

const refusal = (channel: Channel, bundleId: string, problems: readonly string[]) =>
  new UserError(
    `Bundle ${bundleId} was refused; nothing was changed. ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    `Fix or reject the proposals named above (${step(channel, "approve_proposal")} / ${step(channel, "reject_proposal")} decide them one by one), or run ${step(channel, "preflight_proposal_bundle", { bundle_id: bundleId })} to check again.`,
    "bundle_id",
  );

/** Applies the whole bundle as one version bump and one snapshot, or refuses and changes nothing. */
export function approveProposalBundle(ctx: WriteContext, input: { bundle_id: string }) {
  assertAdminSurface(ctx.surface, "approve_proposal_bundle");
  const plan = planBundle(ctx, input.bundle_id);
  if (plan.problems.length > 0) throw refusal(ctx.channel, input.bundle_id, plan.problems);
  let result: ReturnType<typeof commitKnowledge<number>>;
  try {
    result = commitKnowledge(ctx, applyBundle(ctx, plan));
  } catch (error) {
    // A failure found while applying rolled everything back; report it like any other problem.
    if (error instanceof UserError) throw refusal(ctx.channel, input.bundle_id, [error.message]);
    throw error;
  }
  return {
    bundle_id: input.bundle_id,
    approved: plan.order.map((p) => p.proposal_id),
    applied_version: result.value,
    knowledge_version: result.knowledge_version,
    snapshot_id: result.snapshot_id,
    changes: reportedChange(result.change),
    rules_file_written: result.rules_file_written,
    warnings: result.warnings,
  };
}
