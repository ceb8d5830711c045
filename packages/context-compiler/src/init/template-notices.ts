// Compile notices about templates: a newer bundled version, or an upgrade bundle waiting for a decision.

import type { Db } from "@archon/core";
import { type Channel, step } from "../knowledge/next-step.js";
import { appliedTemplate, readInitManifest } from "../store/init-manifest.js";
import { pendingUpgradeBundles } from "../store/proposals.js";
import { compareSemver, newestBundledVersions } from "./template-catalog.js";

/**
 * Runs on every compile, so it stays cheap: two small queries, and the bundled versions are read once
 * per folder per process. Time-varying by nature: notices, never part of the deterministic result.
 */
export function templateNotices(db: Db, templatesDir: string, channel: Channel): string[] {
  const applied = appliedTemplate(readInitManifest(db));
  if (!applied) return [];
  const newest = newestBundledVersions(templatesDir).get(applied.template);
  if (newest === undefined || compareSemver(newest, applied.version) <= 0) return [];
  const pending = pendingUpgradeBundles(db);
  if (pending.length > 0) {
    return [
      `The upgrade to template ${applied.template} ${newest} waits for approval (bundle ${pending.join(", ")}); after it is resolved, run ${step(channel, "sync_init_manifest")}.`,
    ];
  }
  return [
    `A newer bundled template ${applied.template} ${newest} is available (you have ${applied.version}): run ${step(channel, "check_upgrade")}.`,
  ];
}
