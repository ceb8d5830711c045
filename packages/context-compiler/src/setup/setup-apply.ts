// Carries out a confirmed setup plan. Every step is idempotent, so running setup again changes nothing.
import { UserError } from "@archon/core";
import { type DeployResult, deployAdapters } from "../adapters/deploy-adapters.js";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { type ApplyUpgradeResult, applyUpgrade } from "../init/apply-upgrade.js";
import { type InitConfirmResult, initConfirm } from "../init/init-confirm.js";
import { initDetect } from "../init/init-detect.js";
import { type SyncInitManifestResult, syncInitManifest } from "../init/sync-init-manifest.js";
import { appliedTemplate, readInitManifest } from "../store/init-manifest.js";
import { readSetupVersion, recordSetupVersion } from "../store/setup-version.js";
import { VERSION } from "../version.js";
import { type Registration, registerClient } from "./register-clients.js";
import { planGitKeeping, type SetupPlan } from "./setup-plan.js";

export interface SetupOutcome {
  registrations: Registration[];
  /** Where machine-specific configs and local state were kept out of git. */
  keeping: ReturnType<typeof planGitKeeping>;
  adapters: DeployResult;
  init: InitConfirmResult | null;
  /** The template upgrade proposed as a bundle by this run. */
  upgrade: ApplyUpgradeResult | null;
  /** The newest template version recorded as applied, its upgrade bundle having been decided. */
  rebaselined: SyncInitManifestResult | null;
  /** The archon version this project was set up with, before and now (null before the first setup). */
  version: { from: string | null; to: string };
}

function recordVersion(ctx: ArchonContext): SetupOutcome["version"] {
  const from = readSetupVersion(ctx.kdb.db);
  if (from !== VERSION) recordSetupVersion(ctx.kdb.db, VERSION);
  return { from, to: VERSION };
}

/** `ctx` is the project's real context; the plan may have been made on a scratch database. */
export function applySetup(ctx: ArchonContext, plan: SetupPlan, env?: NodeJS.ProcessEnv): SetupOutcome {
  const registrations = plan.choices.agents.map((agent) =>
    registerClient(agent, { projectRoot: ctx.projectRoot, env }),
  );
  const keeping = planGitKeeping(ctx.projectRoot, registrations, false);
  // Adapters first: init deploys to the targets already deployed, so it repeats exactly these.
  const adapters = deployAdapters(writeContext(ctx), { targets: plan.targets });
  let init: InitConfirmResult | null = null;
  const manifest = readInitManifest(ctx.kdb.db);
  // A project that started without a template may be given one later, named on purpose (setup-plan.ts).
  if (manifest === undefined || (plan.template?.template && !appliedTemplate(manifest))) {
    if (plan.template?.template) {
      // The preview the person saw must be the one that lands: same project, same template, same bytes.
      const again = initDetect(
        { db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel },
        ctx.init,
        {
          template: plan.template.template,
        },
      );
      if (again.preview_hash !== plan.template.preview_hash) {
        throw new UserError(
          "The project changed between the preview and now; run setup again to see the new preview.",
        );
      }
      init = initConfirm(writeContext(ctx), ctx.init, { preview_hash: again.preview_hash as string });
    } else if (plan.mode === "new") {
      init = initConfirm(writeContext(ctx), ctx.init, { skip_template: true });
    }
  }
  let upgrade: ApplyUpgradeResult | null = null;
  let rebaselined: SyncInitManifestResult | null = null;
  const write = { ...writeContext(ctx), ids: ctx.ids };
  // Once the bundle was decided the upgrade is over: record it, or the same one is proposed forever.
  if (plan.upgradeStep === "record") rebaselined = syncInitManifest(write, ctx.init.templatesDir);
  if (plan.upgradeStep === "propose") upgrade = applyUpgrade(write, ctx.init.templatesDir);
  return { registrations, keeping, adapters, init, upgrade, rebaselined, version: recordVersion(ctx) };
}
