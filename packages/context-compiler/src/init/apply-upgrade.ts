// apply_upgrade: turns the upgrade diff into pending proposals sharing one bundle_id; nothing is applied here.

import { type IdGenerator, UserError } from "@archon/core";
import { step } from "../knowledge/next-step.js";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { createProposal, pendingUpgradeBundles } from "../store/proposals.js";
import { planUpgrade } from "./check-upgrade.js";
import { draftProposals, type Skipped } from "./upgrade-drafts.js";

export interface ApplyUpgradeResult {
  template: string;
  from_version: string;
  to_version: string;
  bundle_id: string | null;
  proposals: { proposal_id: string; proposal_type: string; subject: string }[];
  /** What the upgrade leaves alone, and why. */
  skipped: Skipped[];
  next_step: string;
}

export function applyUpgrade(
  ctx: WriteContext & { ids: IdGenerator },
  templatesDir: string,
): ApplyUpgradeResult {
  assertAdminSurface(ctx.surface, "apply_upgrade");
  const plan = planUpgrade(ctx, templatesDir);
  const { check } = plan;
  const pending = pendingUpgradeBundles(ctx.db);
  if (pending.length > 0) {
    throw new UserError(
      `An upgrade bundle is already waiting for a decision (${pending.join(", ")}); nothing was proposed.`,
      `Approve or reject it first (${step(ctx.channel, "approve_proposal_bundle", { bundle_id: pending[0] as string })} / ${step(ctx.channel, "reject_proposal")}), then call ${step(ctx.channel, "sync_init_manifest")}.`,
    );
  }
  const base = { template: check.template, from_version: check.from_version, to_version: check.to_version };
  if (check.up_to_date)
    return { ...base, bundle_id: null, proposals: [], skipped: [], next_step: check.next_step };
  const { drafts, skipped } = draftProposals(plan);
  if (drafts.length === 0) {
    return {
      ...base,
      bundle_id: null,
      proposals: [],
      skipped,
      next_step: `Nothing to propose: call ${step(ctx.channel, "sync_init_manifest")} to record ${check.template} ${check.to_version}.`,
    };
  }
  const bundle_id = ctx.ids.next("bundle");
  // All proposals or none: a payload refused half-way leaves no partial bundle behind.
  const proposals = ctx.db
    .transaction(() =>
      drafts.map((d) => {
        const p = createProposal(ctx.db, { ...d.input, source: "upgrade", bundle_id }, ctx.clock, ctx.ids);
        return { proposal_id: p.proposal_id, proposal_type: p.proposal_type, subject: d.subject };
      }),
    )
    .immediate();
  return {
    ...base,
    bundle_id,
    proposals,
    skipped,
    next_step: `A person approves bundle ${bundle_id} (${step(ctx.channel, "preflight_proposal_bundle", { bundle_id })}, then ${step(ctx.channel, "approve_proposal_bundle", { bundle_id })}), or rejects its proposals; afterwards call ${step(ctx.channel, "sync_init_manifest")}, or the same upgrade is offered again.`,
  };
}
