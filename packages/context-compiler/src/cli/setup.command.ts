// archon setup: register the servers, bootstrap from a template, deploy adapters; again later to update.
import type { Writable } from "node:stream";
import { UserError } from "@archon/core";
import * as p from "@clack/prompts";
import { type ArchonContext, createArchonContext } from "../context/archon-context.js";
import { APPROVAL_NOTE, approvedAlready, approveForPerson } from "../setup/claude-approval.js";
import { AGENTS, type AgentClient } from "../setup/register-clients.js";
import { applySetup } from "../setup/setup-apply.js";
import { type EmbeddingsOffer, embedAfterSetup, offerEmbeddings } from "../setup/setup-embeddings.js";
import { type MigrationChoice, offerMigration } from "../setup/setup-migration.js";
import { describePlan, detectAgents, isUpdate, planSetup, type SetupPlan } from "../setup/setup-plan.js";
import { askChoices, confirmPlan, type WizardIo } from "../setup/wizard.js";
import type { GlobalOptions } from "./options.js";
import { setupReport } from "./setup-report.js";

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
  const run: Run = {
    flags,
    io,
    interactive,
    env: io.env ?? process.env,
    // With --json nothing but the JSON is printed: the notes travel inside it.
    say: (line) => {
      if (!flags.json) io.output.write(`${line}\n`);
    },
    printJson: (value) => (io.json ?? io.output).write(`${JSON.stringify(value, null, 2)}\n`),
  };
  try {
    const agreed = await agreePlan(planning, mode, agents, run);
    if (!agreed) return;
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
      await applyChosen(ctx, run, agreed.plan, agreed.approve === true, agreed.embeddings);
    } finally {
      ctx.close();
    }
  } finally {
    planning.close();
  }
}

/**
 * The questions, the plan and its summary, then the person's yes; undefined when they cancel, and after a
 * dry run (printed here), so nothing is written either way.
 */
async function agreePlan(
  planning: ArchonContext,
  mode: SetupPlan["mode"],
  agents: AgentClient[] | undefined,
  run: Run,
): Promise<{ plan: SetupPlan; approve: boolean | "hint"; embeddings: EmbeddingsOffer } | undefined> {
  const { flags, io, interactive } = run;
  // Cancelled: said once, and nothing to carry out.
  const cancel = (): undefined => {
    p.cancel("Setup cancelled; nothing was written.", { output: io.output });
  };
  if (interactive) p.intro(mode === "new" ? "archon setup" : "archon setup (update)", { output: io.output });
  const choices = interactive
    ? await askChoices(planning, mode, { agents, template: flags.template }, io)
    : {
        agents: agents ?? detectAgents(planning.projectRoot),
        template: flags.template ?? "auto",
      };
  if (!choices) return cancel();
  // Asked after the template, before the summary; under --yes it embeds when Ollama can, else hints.
  const embeddings = await offerEmbeddings(
    run.env,
    flags.embeddings === false ? "off" : interactive ? "ask" : "auto",
    io,
  );
  const plan = planSetup(planning, mode, choices, io.env);
  const approve = await offerApproval(plan, flags.approveMcp, interactive, io);
  if (approve === undefined) return cancel();
  if (approve === "hint") plan.notes.push(APPROVAL_NOTE);
  const summary = [
    ...describePlan(plan),
    ...(approve === true ? [APPROVE_LINE] : []),
    ...(embeddings.embed ? ["embed the approved rules with Ollama (archon embed-docs)"] : []),
  ];
  for (const note of plan.notes) run.say(note);
  if (flags.dryRun) {
    if (flags.json) run.printJson(plan);
    else run.say(["Dry run; would do:", ...summary.map((l) => `  ${l}`)].join("\n"));
    return undefined;
  }
  if (interactive && !(await confirmPlan(summary, io))) return cancel();
  return { plan, approve, embeddings };
}

/** How the command runs: its flags and streams, and how it prints. */
interface Run {
  flags: SetupFlags;
  io: SetupIo;
  interactive: boolean;
  env: NodeJS.ProcessEnv;
  say: (line: string) => void;
  printJson: (value: unknown) => void;
}

const APPROVE_LINE =
  "approve archon's servers of .mcp.json for you in Claude Code (.claude/settings.local.json)";

/** The agreed plan carried out on the project's database, then reported. */
async function applyChosen(
  ctx: ArchonContext,
  run: Run,
  plan: SetupPlan,
  approve: boolean,
  embeddings: EmbeddingsOffer,
): Promise<void> {
  const { flags, io, interactive, env } = run;
  // Migration first: it reads the instruction files as the person committed them, and writes
  // archon's block into them itself, which the adapters deploy then finds in place.
  const choice: MigrationChoice =
    flags.migrate === true ? "yes" : flags.migrate === false ? "no" : interactive ? "ask" : "hint";
  const offer = await offerMigration(ctx, choice, io, plan.registrations);
  const outcome = applySetup(ctx, plan, io.env);
  const approved = approve ? [approveForPerson(ctx.projectRoot)].filter((l) => l !== "") : [];
  const embedded = embeddings.embed ? await embedAfterSetup(ctx, env) : [];
  const lines = [...setupReport(outcome), ...approved, ...offer.lines, ...embeddings.lines, ...embedded];
  if (flags.json)
    run.printJson({
      ...outcome,
      migration: offer.migration,
      notes: [...plan.notes, ...approved, ...offer.lines, ...embeddings.lines, ...embedded],
    });
  else if (interactive) p.outro(lines.join("\n"), { output: io.output });
  else run.say(lines.join("\n"));
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
