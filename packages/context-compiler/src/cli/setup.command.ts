// archon setup: register the servers, bootstrap from a template, deploy adapters; again later to update.
import type { Writable } from "node:stream";
import { UserError } from "@archon/core";
import * as p from "@clack/prompts";
import { createArchonContext } from "../context/archon-context.js";
import { APPROVAL_NOTE, approvedAlready, approveForPerson } from "../setup/claude-approval.js";
import { AGENTS, type AgentClient } from "../setup/register-clients.js";
import { applySetup, type SetupOutcome } from "../setup/setup-apply.js";
import { embedAfterSetup, offerEmbeddings } from "../setup/setup-embeddings.js";
import { type MigrationChoice, offerMigration } from "../setup/setup-migration.js";
import { describePlan, detectAgents, isUpdate, planSetup, type SetupPlan } from "../setup/setup-plan.js";
import { askChoices, confirmPlan, type WizardIo } from "../setup/wizard.js";
import type { GlobalOptions } from "./options.js";

export interface SetupFlags {
  yes?: boolean;
  agents?: string;
  template?: string;
  dryRun?: boolean;
  json?: boolean;
  /** --migrate / --no-migrate; absent asks on a terminal and only hints under --yes. */
  migrate?: boolean;
  /** false with --no-embeddings: no Ollama detection, no embedding. */
  embeddings?: boolean;
  /** Approve archon's servers of .mcp.json in Claude Code for this person; absent asks on a terminal. */
  approveMcp?: boolean;
}

function parseAgents(list: string | undefined): AgentClient[] | undefined {
  if (list === undefined) return undefined;
  const agents = list
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
  const unknown = agents.filter((a) => !(AGENTS as readonly string[]).includes(a));
  if (unknown.length > 0 || agents.length === 0) {
    throw new UserError(`--agents takes a list of ${AGENTS.join(", ")}; not "${list}".`);
  }
  return agents as AgentClient[];
}

function report(outcome: SetupOutcome): string[] {
  const lines: string[] = [];
  for (const r of outcome.registrations) {
    for (const f of r.files)
      if (f.backup)
        lines.push(
          `${r.agent}: ${f.path} as it was is kept at ${f.backup}; delete the copy once the new file works for you.`,
        );
    for (const step of r.personal) {
      const what = `${step.servers.join(" and ")} (${r.agent === "claude" ? "personal scope" : "this project"})`;
      if (step.status === "registered") lines.push(`${r.agent}: registered ${what}.`);
      if (step.status === "manual")
        lines.push(
          `${r.agent}: register ${what} yourself: ${step.instructions}${r.agent === "claude" ? "" : `\n  (${step.detail})`}`,
        );
      if (step.status === "failed")
        lines.push(`${r.agent}: registering ${what} failed (${step.detail}); run: ${step.instructions}`);
    }
    for (const old of r.retired) {
      if (old.status === "removed")
        lines.push(
          `${r.agent}: removed ${old.server} from ${old.where} (an older setup registered it there${old.detail ? `; ${old.detail}` : ""}).`,
        );
      if (old.status === "failed")
        lines.push(
          `${r.agent}: could not remove ${old.server} from ${old.where} (${old.detail}); run: ${old.instructions}`,
        );
    }
  }
  if (outcome.init?.template)
    lines.push(
      `Bootstrapped ${outcome.init.documents_created.length} rules from ${outcome.init.template} ${outcome.init.version}.`,
    );
  const { upgrade, rebaselined } = outcome;
  if (upgrade?.bundle_id)
    lines.push(
      `Template upgrade ${upgrade.template} ${upgrade.from_version} → ${upgrade.to_version} proposed as bundle ${upgrade.bundle_id}: review it with archon proposals, approve it with archon approve ${upgrade.bundle_id}.`,
    );
  if (rebaselined?.changed)
    lines.push(
      `Template ${rebaselined.template} ${rebaselined.to_version} recorded as applied (its upgrade was decided)${rebaselined.user_modified.length > 0 ? `; left to their users: ${rebaselined.user_modified.join(", ")}` : ""}.`,
    );
  lines.push(
    `Adapters: ${outcome.adapters.written} file(s) written, ${outcome.adapters.conflicts} hand-written file(s) left alone.`,
  );
  return lines;
}

export interface SetupIo extends WizardIo {
  interactive: boolean;
  env?: NodeJS.ProcessEnv;
  /** Where --json output goes (stdout); `output` then only carries the questions, if any. */
  json?: Writable;
}

export async function setupCommand(options: GlobalOptions, flags: SetupFlags, io: SetupIo): Promise<void> {
  const agents = parseAgents(flags.agents);
  const interactive = !flags.yes;
  if (interactive && !io.interactive) {
    throw new UserError(
      "archon setup asks its questions on a terminal.",
      "In scripts and CI run it with --yes (and --agents, --template).",
    );
  }
  const mode = isUpdate(options.projectRoot, options.db) ? "update" : "new";
  // A new project is planned on a scratch database: nothing is written before the person agrees.
  const planning = createArchonContext({
    surface: "admin",
    dbPath: mode === "new" ? ":memory:" : options.db,
    projectRoot: options.projectRoot,
    templatesDir: options.templates,
  });
  // With --json nothing but the JSON is printed: the notes travel inside it.
  const say = (line: string) => {
    if (!flags.json) io.output.write(`${line}\n`);
  };
  const printJson = (value: unknown) => (io.json ?? io.output).write(`${JSON.stringify(value, null, 2)}\n`);
  try {
    if (interactive)
      p.intro(mode === "new" ? "archon setup" : "archon setup (update)", { output: io.output });
    const choices = interactive
      ? await askChoices(planning, mode, { agents, template: flags.template }, io)
      : {
          agents: agents ?? detectAgents(options.projectRoot),
          template: flags.template ?? "auto",
        };
    if (!choices) {
      p.cancel("Setup cancelled; nothing was written.", { output: io.output });
      return;
    }
    const env = io.env ?? process.env;
    // Asked after the template, before the summary; under --yes it embeds when Ollama can, else hints.
    const embeddings = await offerEmbeddings(
      env,
      flags.embeddings === false ? "off" : interactive ? "ask" : "auto",
      io,
    );
    const plan = planSetup(planning, mode, choices, io.env);
    const approve = await offerApproval(plan, flags.approveMcp, interactive, io);
    if (approve === undefined) {
      p.cancel("Setup cancelled; nothing was written.", { output: io.output });
      return;
    }
    if (approve === "hint") plan.notes.push(APPROVAL_NOTE);
    const summary = [
      ...describePlan(plan),
      ...(approve === true
        ? ["approve archon's servers of .mcp.json for you in Claude Code (.claude/settings.local.json)"]
        : []),
      ...(embeddings.embed ? ["embed the approved rules with Ollama (archon embed-docs)"] : []),
    ];
    for (const note of plan.notes) say(note);
    if (flags.dryRun) {
      if (flags.json) printJson(plan);
      else say(["Dry run; would do:", ...summary.map((l) => `  ${l}`)].join("\n"));
      return;
    }
    if (interactive && !(await confirmPlan(summary, io))) {
      p.cancel("Setup cancelled; nothing was written.", { output: io.output });
      return;
    }
    if (mode === "new") planning.close();
    const ctx =
      mode === "new"
        ? createArchonContext({
            surface: "admin",
            dbPath: options.db,
            projectRoot: options.projectRoot,
            templatesDir: options.templates,
          })
        : planning;
    try {
      // Migration first: it reads the instruction files as the person committed them, and writes
      // archon's block into them itself, which the adapters deploy then finds in place.
      const choice: MigrationChoice =
        flags.migrate === true ? "yes" : flags.migrate === false ? "no" : interactive ? "ask" : "hint";
      const offer = await offerMigration(ctx, choice, io, plan.registrations);
      const outcome = applySetup(ctx, plan, io.env);
      const approved = approve === true ? [approveForPerson(ctx.projectRoot)].filter((l) => l !== "") : [];
      const embedded = embeddings.embed ? await embedAfterSetup(ctx, env) : [];
      const lines = [...report(outcome), ...approved, ...offer.lines, ...embeddings.lines, ...embedded];
      if (flags.json)
        printJson({
          ...outcome,
          migration: offer.migration,
          notes: [...plan.notes, ...approved, ...offer.lines, ...embeddings.lines, ...embedded],
        });
      else if (interactive) p.outro(lines.join("\n"), { output: io.output });
      else say(lines.join("\n"));
    } finally {
      ctx.close();
    }
  } finally {
    planning.close();
  }
}

/**
 * Whether to approve archon's servers in Claude Code for this person: only when setup puts them in the
 * committed .mcp.json (archon installed in the project) and the person has not approved them yet.
 * --approve-mcp or its absence under --yes decides (absent: a hint), else the person is asked. Undefined
 * when they cancel.
 */
async function offerApproval(
  plan: SetupPlan,
  flag: boolean | undefined,
  interactive: boolean,
  io: SetupIo,
): Promise<boolean | "hint" | undefined> {
  const shared = plan.registrations.some((r) => r.agent === "claude" && r.shared);
  if (!shared || approvedAlready(plan.projectRoot)) return false;
  if (flag !== undefined) return flag;
  if (!interactive) return "hint";
  const answer = await p.confirm({
    message:
      "Approve archon's servers of .mcp.json for you in Claude Code? (your personal .claude/settings.local.json; otherwise Claude Code asks you)",
    initialValue: true,
    ...io,
  });
  return p.isCancel(answer) ? undefined : answer;
}
