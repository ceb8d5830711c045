// sync_init_manifest: re-baselines the manifest on the newest bundled version once the upgrade bundle is resolved.

import { type Db, sha256, UserError } from "@archon/core";
import { type Channel, step } from "../knowledge/next-step.js";
import { planRuleFiles } from "../knowledge/rule-files/render-rule-files.js";
import { writeRuleFiles } from "../knowledge/rule-files/write-rule-files.js";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { approvedContentHash } from "../store/documents.js";
import { templateDocIds, writeInitManifest } from "../store/init-manifest.js";
import { pendingUpgradeBundles, upgradeProposedSince } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import { planUpgrade, requireAppliedTemplate } from "./check-upgrade.js";
import { renderTemplate } from "./render-template.js";
import { compareSemver, loadTemplate, newestBundledVersions } from "./template-catalog.js";
import { draftProposals } from "./upgrade-drafts.js";

export interface SyncInitManifestResult {
  template: string;
  from_version: string;
  to_version: string;
  changed: boolean;
  /** Documents whose current content is not the template's: they stay protected from later upgrades. */
  user_modified: string[];
}

/**
 * Whether the newest template version can be recorded as applied: no upgrade bundle is pending, and
 * either one was proposed (and so decided) since the manifest was last written, or the upgrade has
 * nothing to propose.
 */
export function upgradeResolved(ctx: { db: Db; channel: Channel }, templatesDir: string): boolean {
  if (pendingUpgradeBundles(ctx.db).length > 0) return false;
  const { manifest } = requireAppliedTemplate(ctx);
  if (upgradeProposedSince(ctx.db, manifest.applied_at)) return true;
  const plan = planUpgrade(ctx, templatesDir);
  return plan.check.up_to_date || draftProposals(plan).drafts.length === 0;
}

/**
 * The baseline becomes the newest version's own content hashes, not the documents' current ones: a document
 * its users changed keeps differing from its baseline, so later upgrades keep leaving it alone.
 */
export function syncInitManifest(ctx: WriteContext, templatesDir: string): SyncInitManifestResult {
  assertAdminSurface(ctx.surface, "sync_init_manifest");
  const { template, version, manifest } = requireAppliedTemplate(ctx);
  const pending = pendingUpgradeBundles(ctx.db);
  if (pending.length > 0) {
    throw new UserError(
      `Upgrade bundle ${pending.join(", ")} is still waiting for a decision; the manifest was not changed.`,
      `Approve it (${step(ctx.channel, "approve_proposal_bundle", { bundle_id: pending[0] as string })}) or reject its proposals first, then call ${step(ctx.channel, "sync_init_manifest")} again.`,
    );
  }
  const newest = newestBundledVersions(templatesDir).get(template);
  if (newest === undefined || compareSemver(newest, version) <= 0)
    return { template, from_version: version, to_version: version, changed: false, user_modified: [] };
  // Re-baselining before the upgrade was ever proposed would mark its changes as the users' own and
  // drop them silently: the upgrade must have been proposed (and decided) since the last baseline.
  if (!upgradeResolved(ctx, templatesDir)) {
    throw new UserError(
      `The upgrade of ${template} ${version} → ${newest} has not been proposed yet; recording it now would discard its changes. The manifest was not changed.`,
      `Call ${step(ctx.channel, "apply_upgrade")} first, have a person decide its bundle, then call ${step(ctx.channel, "sync_init_manifest")}.`,
    );
  }
  const plan = renderTemplate(loadTemplate(templatesDir, template, newest), manifest.placeholders);
  const documents = plan.documents.map((d) => ({ doc_id: d.doc_id, content_hash: sha256(d.content) }));
  const user_modified = documents
    .filter((d) => {
      const hash = approvedContentHash(ctx.db, d.doc_id);
      return hash !== undefined && hash !== d.content_hash;
    })
    .map((d) => d.doc_id)
    .sort();
  ctx.db
    .transaction(() =>
      writeInitManifest(ctx.db, {
        template,
        template_version: newest,
        placeholders: manifest.placeholders,
        applied_at: ctx.clock.now().toISOString(),
        knowledge_version: readVersion(ctx.db),
        documents,
      }),
    )
    .immediate();
  // The template's rule files state the version and baseline a clone rebuilds: they move with it. A file
  // holding edits nobody committed is left as it is (writeRuleFiles keeps it).
  if (ctx.ruleFiles) writeRuleFiles(ctx, planRuleFiles(ctx.db, templateDocIds(ctx.db), false));
  return { template, from_version: version, to_version: newest, changed: true, user_modified };
}
