// check_upgrade: the diff from the applied template version to the newest bundled one, read-only.

import { type Db, sha256, UserError } from "@archon/core";
import { type Channel, step } from "../knowledge/next-step.js";
import { edgeKey } from "../knowledge/seed-edges.js";
import type { SeedPlan } from "../knowledge/seed-file.js";
import { getDocument, isApproved } from "../store/documents.js";
import { approvedEdges } from "../store/edges.js";
import { appliedTemplate, type InitManifest, readInitManifest } from "../store/init-manifest.js";
import { pendingUpgradeBundles } from "../store/proposals.js";
import { renderTemplate } from "./render-template.js";
import { compareSemver, loadTemplate, newestBundledVersions } from "./template-catalog.js";
import { type CurrentDocument, diffTemplates, nothingToPropose, type UpgradeDiff } from "./upgrade-diff.js";

export interface UpgradeCheck extends UpgradeDiff {
  template: string;
  from_version: string;
  to_version: string;
  up_to_date: boolean;
  /** An upgrade bundle still waiting for a person's decision. */
  pending_bundle_ids: string[];
  next_step: string;
}

export interface UpgradePlan {
  check: UpgradeCheck;
  manifest: InitManifest;
  /** The newest version rendered with the manifest's placeholders. */
  to: SeedPlan;
  /** Template doc_ids that are approved documents now. */
  live: ReadonlySet<string>;
}

/** The manifest's template, refusing a project that was not bootstrapped from one. */
export function requireAppliedTemplate(ctx: { db: Db; channel: Channel }) {
  const applied = appliedTemplate(readInitManifest(ctx.db));
  if (!applied) {
    throw new UserError(
      "This project was not bootstrapped from a template, so there is nothing to upgrade.",
      `Templates are applied with ${step(ctx.channel, "init_detect")} and ${step(ctx.channel, "init_confirm")}.`,
    );
  }
  return applied;
}

/**
 * The baseline of each template document: the hash the manifest holds, trusted only where it is the text
 * the bundled template of the applied version gives. A clone rebuilds the manifest from committed front
 * matter, which anyone can edit, and a package may ship another text under the same version: either way
 * the baseline is unknown, and an upgrade counts the document as its users' instead of overwriting it.
 */
function trustedBaseline(manifest: InitManifest, from: SeedPlan): Map<string, string> {
  const installed = new Map(from.documents.map((d) => [d.doc_id, sha256(d.content)]));
  return new Map(
    manifest.documents
      .filter((d) => installed.get(d.doc_id) === d.content_hash)
      .map((d) => [d.doc_id, d.content_hash]),
  );
}

function currentState(db: Db, manifest: InitManifest, from: SeedPlan, ids: readonly string[]) {
  const current = new Map<string, CurrentDocument>();
  for (const id of ids) {
    const doc = getDocument(db, id);
    if (doc) current.set(id, doc);
  }
  const liveEdges = new Map(approvedEdges(db).map((e) => [edgeKey(e), e.edge_id]));
  return { baseline: trustedBaseline(manifest, from), current, liveEdges };
}

export function planUpgrade(ctx: { db: Db; channel: Channel }, templatesDir: string): UpgradePlan {
  const { db, channel } = ctx;
  const { template, version, manifest } = requireAppliedTemplate(ctx);
  const newest = newestBundledVersions(templatesDir).get(template);
  if (newest === undefined) {
    throw new UserError(
      `Template ${template} is not among the bundled templates.`,
      "Point --templates at the folder that holds it.",
    );
  }
  const upToDate = compareSemver(newest, version) <= 0;
  const from = renderTemplate(loadTemplate(templatesDir, template, version), manifest.placeholders);
  const to = upToDate
    ? from
    : renderTemplate(loadTemplate(templatesDir, template, newest), manifest.placeholders);
  const ids = [...new Set([...from.documents, ...to.documents].map((d) => d.doc_id))].sort();
  const state = currentState(db, manifest, from, ids);
  const diff = diffTemplates(from, to, state);
  const pending_bundle_ids = pendingUpgradeBundles(db);
  const next_step = upToDate
    ? `Template ${template} is at the newest bundled version (${version}); nothing to do.`
    : pending_bundle_ids.length > 0
      ? `Upgrade bundle ${pending_bundle_ids.join(", ")} is waiting: a person approves it (${step(channel, "preflight_proposal_bundle")}, then ${step(channel, "approve_proposal_bundle")}, documents before edges) or rejects its proposals; then call ${step(channel, "sync_init_manifest")}.`
      : nothingToPropose(diff)
        ? `Everything in this upgrade is applied or left alone on purpose: call ${step(channel, "sync_init_manifest")} to record ${template} ${newest}.`
        : `Call ${step(channel, "apply_upgrade")} to turn this diff into pending proposals for a person to approve; documents changed by their users are left alone.`;
  return {
    check: {
      template,
      from_version: version,
      to_version: upToDate ? version : newest,
      up_to_date: upToDate,
      ...diff,
      pending_bundle_ids,
      next_step,
    },
    manifest,
    to,
    live: new Set([...state.current].filter(([, d]) => isApproved(d)).map(([id]) => id)),
  };
}

export const checkUpgrade = (ctx: { db: Db; channel: Channel }, templatesDir: string): UpgradeCheck =>
  planUpgrade(ctx, templatesDir).check;
