// What `archon setup` would do, worked out without writing anything: the summary a person confirms.
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { UserError } from "@archon/core";
import { CLAUDE_SETTINGS } from "../adapters/adapter-config.js";
import { defaultAgents } from "../adapters/agents-in-use.js";
import { deployAdapters } from "../adapters/deploy-adapters.js";
import type { FileOutcome } from "../adapters/plan-piece.js";
import { TARGETS, type Target } from "../adapters/render-targets.js";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { type GitignoreChange, writeArchonGitignore } from "../context/archon-gitignore.js";
import type { UpgradeCheck } from "../init/check-upgrade.js";
import type { InitDetectResult } from "../init/init-detect.js";
import { listAdapterMeta } from "../store/adapter-meta.js";
import type { FileChange } from "./config-files.js";
import { excludeMachineFiles } from "./machine-files.js";
import { AGENTS, type AgentClient, type Registration, registerClient } from "./register-clients.js";
import { planTemplate, upgradeStepOf } from "./setup-template.js";

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
  /** The block of .git/info/exclude that keeps client configs naming this machine out of git. */
  gitExclude: FileChange | undefined;
  /** .archon/.gitignore, which keeps the databases and local state out of git. */
  archonGitignore: GitignoreChange;
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
export const detectAgents = defaultAgents;

export const isUpdate = (projectRoot: string, dbPath: string) =>
  existsSync(dbPath) || existsSync(join(projectRoot, ".archon", "rules.md"));

/** Said once by every setup: why no agent is given the admin surface, and where people approve instead. */
export const ADMIN_SURFACE_NOTE =
  "The admin surface (archon-admin) can approve rules, so setup registers it in no agent's config; people approve with archon proposals / archon approve, the web UI (archon webui), or the prompt hook's confirmation.";

/** A .archon/.gitignore of the person's own: theirs to keep, and to check. */
export const GITIGNORE_CONFLICT_NOTE =
  ".archon/.gitignore was not written by archon, so setup leaves it alone: make sure it keeps the databases (*.db, *.db-journal, *.db-wal, *.db-shm), last-verify.json and hooks/ out of git, and lets rules.md, rules/ and config.json in.";

/** Where the agents' machine-specific configs and archon's local state are kept out of git. */
export function planGitKeeping(projectRoot: string, registrations: readonly Registration[], dryRun: boolean) {
  const machine = registrations.flatMap((r) => r.machineFiles);
  const portable = registrations.filter((r) => r.shared).flatMap((r) => r.files.map((f) => f.path));
  const rel = (p: string) => relative(projectRoot, p).split(sep).join("/");
  return {
    gitExclude: excludeMachineFiles(projectRoot, machine, portable.map(rel), dryRun),
    archonGitignore: writeArchonGitignore(projectRoot, dryRun),
  };
}

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
  const notes: string[] = [ADMIN_SURFACE_NOTE];
  const registrations = choices.agents.map((agent) =>
    registerClient(agent, { projectRoot: ctx.projectRoot, env, dryRun: true }),
  );
  const keeping = planGitKeeping(ctx.projectRoot, registrations, true);
  if (keeping.archonGitignore.action === "conflict") notes.push(GITIGNORE_CONFLICT_NOTE);
  const { template, upgrade } = planTemplate(ctx, mode, choices, notes);
  const upgradeStep = upgrade === null ? null : upgradeStepOf(ctx, upgrade);
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
    ...keeping,
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
    if (!r.shared && r.agent === "claude")
      notes.push(
        "claude: archon is not installed in this project (no node_modules/.bin/archon), so its agent surface goes to your personal scope instead: a committed config would hold this machine's paths.",
      );
    if (r.machineFiles.length > 0)
      notes.push(
        `${r.agent}: archon is not installed in this project (no node_modules/.bin/archon), so its agent entry names this machine's archon and is kept out of git (.git/info/exclude).`,
      );
    // Said only while the folder is not trusted: the entry written is not loaded until the person trusts it.
    if (r.untrusted !== undefined && r.agent === "codex")
      notes.push(
        `codex: Codex loads the project's .codex/config.toml only in a trusted project, and this one is not trusted yet: ${r.untrusted}.`,
      );
    if (r.untrusted !== undefined && r.agent === "gemini")
      notes.push(
        `gemini: Gemini CLI loads the project's .gemini/settings.json (archon's server and hooks) only in a trusted folder, and this one is not trusted yet: ${r.untrusted}.`,
      );
  }
  for (const f of adapters)
    if (f.piece === "gemini-settings-hooks" && f.action === "skipped")
      notes.push(`gemini: archon's hooks are not written to ${f.path}: ${f.reason}.`);
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
  const rel = (p: string) => relative(plan.projectRoot, p).split(sep).join("/");
  for (const r of plan.registrations) {
    // archon and archon-prd share .mcp.json: one line per file.
    const changed = r.files.filter((f) => f.action !== "unchanged");
    for (const f of changed.filter((f, i) => changed.findIndex((g) => g.path === f.path) === i)) {
      lines.push(
        `${f.action === "created" ? "create" : "update"} ${rel(f.path)} (archon entries for ${r.agent})`,
      );
    }
    for (const step of r.personal) {
      if (step.status === "planned") lines.push(`run: ${step.instructions}`);
      else if (step.status === "manual")
        lines.push(`you do (${step.servers.join(" and ")}, personal scope): ${step.instructions}`);
    }
    for (const old of r.retired)
      lines.push(`remove ${old.server} from ${old.where} (an older setup registered it there)`);
  }
  const { gitExclude, archonGitignore } = plan;
  if (gitExclude && gitExclude.action !== "unchanged")
    lines.push(
      `${gitExclude.action === "created" ? "create" : "update"} ${rel(gitExclude.path)} (agent configs naming this machine stay out of git)`,
    );
  if (archonGitignore.action === "conflict")
    lines.push(`leave alone (hand-written): ${rel(archonGitignore.path)}`);
  else if (archonGitignore.action !== "unchanged")
    lines.push(
      `${archonGitignore.action === "created" ? "create" : "update"} ${rel(archonGitignore.path)} (databases and local state stay out of git)`,
    );
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
