// What `archon setup` would do, worked out without writing anything: the summary a person confirms.
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { UserError } from "@archon/core";
import { CLAUDE_SETTINGS } from "../adapters/adapter-config.js";
import { deployAdapters, type FileOutcome } from "../adapters/deploy-adapters.js";
import { TARGETS, type Target } from "../adapters/render-targets.js";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { checkUpgrade, type UpgradeCheck } from "../init/check-upgrade.js";
import { type InitDetectResult, initDetect } from "../init/init-detect.js";
import { upgradeResolved } from "../init/sync-init-manifest.js";
import { bundledVersions } from "../init/template-catalog.js";
import { listAdapterMeta } from "../store/adapter-meta.js";
import { appliedTemplate, readInitManifest } from "../store/init-manifest.js";
import { AGENTS, type AgentClient, type Registration, registerClient } from "./register-clients.js";

export type TemplateChoice = "auto" | "none" | string;

export interface SetupChoices {
  agents: AgentClient[];
  template: TemplateChoice;
}

export interface SetupPlan {
  mode: "new" | "update";
  projectRoot: string;
  choices: SetupChoices;
  registrations: Registration[];
  /** The template to bootstrap from (new mode), or null to start empty. */
  template: InitDetectResult | null;
  /** A newer bundled version of the applied template (update mode). */
  upgrade: UpgradeCheck | null;
  /** What this run does about it: propose it as a bundle, wait for that bundle, or record it as decided. */
  upgradeStep: "propose" | "wait" | "record" | null;
  /** Adapter targets: the chosen agents plus any deployed before. */
  targets: Target[];
  adapters: FileOutcome[];
  notes: string[];
}

/** Agents the project already shows signs of, for the default selection; claude when it shows none. */
export function detectAgents(projectRoot: string): AgentClient[] {
  const has = (p: string) => existsSync(join(projectRoot, p));
  const found: AgentClient[] = [];
  if (has("CLAUDE.md") || has(".claude") || has(".mcp.json")) found.push("claude");
  if (has(".cursor")) found.push("cursor");
  if (has("AGENTS.md") || has(".codex") || has(".agents")) found.push("codex");
  return found.length > 0 ? found : ["claude"];
}

export const isUpdate = (projectRoot: string, dbPath: string) =>
  existsSync(dbPath) || existsSync(join(projectRoot, ".archon", "rules.md"));

/** Adapter targets for the chosen agents: Claude Code → claude, Cursor → cursor, Codex → codex. */
export const targetsFor = (agents: readonly AgentClient[]): Target[] =>
  TARGETS.filter((t) => agents.includes(t));

export function planSetup(
  ctx: ArchonContext,
  mode: SetupPlan["mode"],
  choices: SetupChoices,
  env?: NodeJS.ProcessEnv,
): SetupPlan {
  const unknown = choices.agents.filter((a) => !AGENTS.includes(a));
  if (unknown.length > 0)
    throw new UserError(`Unknown agent(s): ${unknown.join(", ")}.`, `Choose from ${AGENTS.join(", ")}.`);
  const notes: string[] = [];
  const registrations = choices.agents.map((agent) =>
    registerClient(agent, { projectRoot: ctx.projectRoot, env, dryRun: true }),
  );
  let template: InitDetectResult | null = null;
  let upgrade: UpgradeCheck | null = null;
  const manifest = readInitManifest(ctx.kdb.db);
  if (mode === "new" || manifest === undefined) {
    if (choices.template !== "none") {
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
      template = detected.template === null ? null : detected;
      if (template === null)
        notes.push("No bundled template fits this project: it starts empty (import your rules later).");
    }
  } else if (appliedTemplate(manifest)) {
    const check = checkUpgrade({ db: ctx.kdb.db, channel: ctx.channel }, ctx.init.templatesDir);
    upgrade = check.up_to_date ? null : check;
  }
  const upgradeStep =
    upgrade === null
      ? null
      : upgrade.pending_bundle_ids.length > 0
        ? "wait"
        : upgradeResolved({ db: ctx.kdb.db, channel: ctx.channel }, ctx.init.templatesDir)
          ? "record"
          : "propose";
  const deployed = new Set(listAdapterMeta(ctx.kdb.db).map((r) => r.target));
  const targets = [...new Set([...targetsFor(choices.agents), ...TARGETS.filter((t) => deployed.has(t))])];
  const adapters = deployAdapters(writeContext(ctx), { targets, dry_run: true }).files;
  notes.push(...registrationNotes(registrations, adapters));
  const folder = template && templateFolderNote(template);
  if (folder) notes.push(folder);
  return {
    mode,
    projectRoot: ctx.projectRoot,
    choices,
    registrations,
    template,
    upgrade,
    upgradeStep,
    targets,
    adapters,
    notes,
  };
}

/** Why something went to personal scope, and what a client needs before it reads what was written. */
function registrationNotes(
  registrations: readonly Registration[],
  adapters: readonly FileOutcome[],
): string[] {
  const notes: string[] = [];
  for (const r of registrations) {
    if (!r.shared)
      notes.push(
        `${r.agent}: archon is not installed in this project (no node_modules/.bin/archon), so its agent surface goes to your personal scope instead: a committed config would hold this machine's paths.`,
      );
    if (r.agent === "codex" && r.shared)
      notes.push(
        "codex: Codex loads the project's .codex/config.toml only once you trust this project (Codex asks when it starts here).",
      );
  }
  if (adapters.some((f) => f.path === CLAUDE_SETTINGS.personal && f.action !== "conflict"))
    notes.push(
      `claude: archon's hooks go to ${CLAUDE_SETTINGS.personal}, Claude Code's personal settings (kept out of git through .git/info/exclude), because their command names this machine's archon checkout.`,
    );
  return notes;
}

/** A template detected in a sub-app: which of its rules follow the app's folder, and that the rest do not. */
function templateFolderNote(template: InitDetectResult): string | undefined {
  const folder = template.scores.find((s) => s.template === template.template)?.folder;
  if (folder === undefined || folder === ".") return undefined;
  const scoped = Object.entries(template.placeholders)
    .filter(([, v]) => v.value.startsWith(`${folder}/`))
    .map(([key, v]) => `${key} = ${v.value}`);
  return scoped.length > 0
    ? `The ${template.template} template fits ${folder}: ${scoped.join(", ")} scopes the rules that use it; its other globs are not limited to ${folder}, since templates take no folder for every glob.`
    : `The ${template.template} template fits ${folder}, but its globs are not limited to ${folder}: templates take no folder placeholder.`;
}

/** The plan as lines a person reads before agreeing. */
export function describePlan(plan: SetupPlan): string[] {
  const lines: string[] = [];
  for (const r of plan.registrations) {
    for (const f of r.files) {
      if (f.action === "unchanged") continue;
      const path = relative(plan.projectRoot, f.path).split(sep).join("/");
      lines.push(
        r.shared
          ? `${f.action === "created" ? "create" : "update"} ${path} (agent surface for ${r.agent})`
          : `update ${path} (remove the archon entry an earlier setup wrote with this machine's paths)`,
      );
    }
    for (const step of r.personal) {
      if (step.status === "planned") lines.push(`run: ${step.instructions}`);
      else if (step.status === "manual")
        lines.push(`you do (${step.servers.join(" and ")}, personal scope): ${step.instructions}`);
    }
  }
  if (plan.template?.preview) {
    lines.push(
      `bootstrap ${plan.template.preview.documents.length} rules from template ${plan.template.template} (${plan.template.preview_hash?.slice(0, 12)})`,
    );
  }
  const upgrade = plan.upgrade;
  if (upgrade) {
    const which = `${upgrade.template} ${upgrade.from_version} → ${upgrade.to_version}`;
    if (plan.upgradeStep === "wait")
      lines.push(
        `leave the upgrade of ${which} waiting for a decision on bundle ${upgrade.pending_bundle_ids.join(", ")}`,
      );
    if (plan.upgradeStep === "propose") lines.push(`propose the upgrade of ${which} for approval`);
    if (plan.upgradeStep === "record")
      lines.push(`record the upgrade of ${which} as applied (it was decided)`);
  }
  for (const f of plan.adapters)
    if (f.action === "created" || f.action === "updated")
      lines.push(`${f.action === "created" ? "create" : "update"} ${f.path}`);
  for (const f of plan.adapters)
    if (f.action === "conflict") lines.push(`leave alone (hand-written): ${f.path}`);
  return lines;
}
