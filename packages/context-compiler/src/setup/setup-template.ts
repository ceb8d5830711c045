// The template part of `archon setup`: bootstrap from one, offer its upgrade, or leave the knowledge as it is.
import { UserError } from "@archon/core";
import type { ArchonContext } from "../context/archon-context.js";
import { checkUpgrade, type UpgradeCheck } from "../init/check-upgrade.js";
import { type InitDetectResult, initDetect } from "../init/init-detect.js";
import { upgradeResolved } from "../init/sync-init-manifest.js";
import { bundledVersions } from "../init/template-catalog.js";
import { appliedTemplate, readInitManifest } from "../store/init-manifest.js";
import { ownRules, ownRulesNote } from "./own-rules.js";
import type { SetupChoices, SetupPlan } from "./setup-plan.js";

/**
 * What the template part of setup does: bootstrap (a new project, or one that started without a
 * template), offer an upgrade (one bootstrapped from an older version), or nothing.
 */
export function planTemplate(
  ctx: ArchonContext,
  mode: SetupPlan["mode"],
  choices: SetupChoices,
  notes: string[],
): { template: InitDetectResult | null; upgrade: UpgradeCheck | null } {
  const manifest = readInitManifest(ctx.kdb.db);
  // A template named on purpose lands on a project that started without one, too (the hint below says so).
  const named = choices.template !== "auto" && choices.template !== "none";
  if (mode === "new" || manifest === undefined || (named && !appliedTemplate(manifest)))
    return {
      template: choices.template === "none" ? null : bootstrapTemplate(ctx, choices, notes),
      upgrade: null,
    };
  if (!appliedTemplate(manifest)) return { template: null, upgrade: null };
  const check = checkUpgrade({ db: ctx.kdb.db, channel: ctx.channel }, ctx.init.templatesDir);
  return { template: null, upgrade: check.up_to_date ? null : check };
}

/** The template to bootstrap from; null when none fits, or when auto meets rules the project already has. */
function bootstrapTemplate(
  ctx: ArchonContext,
  choices: SetupChoices,
  notes: string[],
): InitDetectResult | null {
  if (choices.template !== "auto" && !bundledVersions(ctx.init.templatesDir).has(choices.template)) {
    throw new UserError(
      `There is no bundled template "${choices.template}".`,
      "Use auto, none, laravel, nextjs, python or go.",
    );
  }
  const detected = initDetect(
    { db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel },
    ctx.init,
    {
      template: choices.template === "auto" ? undefined : choices.template,
    },
  );
  if (detected.template === null) {
    notes.push("No bundled template fits this project: it starts empty (import your rules later).");
    return null;
  }
  if (choices.template !== "auto") return detected;
  const own = ownRules({ db: ctx.kdb.db, projectRoot: ctx.projectRoot });
  if (own.count === 0) return detected;
  notes.push(ownRulesNote(own, detected));
  return null;
}

/** An offered upgrade waits on a bundle already proposed, is recorded when decided, or is proposed. */
export function upgradeStepOf(ctx: ArchonContext, upgrade: UpgradeCheck): SetupPlan["upgradeStep"] {
  if (upgrade.pending_bundle_ids.length > 0) return "wait";
  return upgradeResolved({ db: ctx.kdb.db, channel: ctx.channel }, ctx.init.templatesDir)
    ? "record"
    : "propose";
}
