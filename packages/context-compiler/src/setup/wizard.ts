// The interactive face of `archon setup`: one screen at a time, a summary before anything is written.
// Every screen is skipped when its flag answered it, so `--yes` runs with no terminal at all.
import type { Readable, Writable } from "node:stream";
import * as p from "@clack/prompts";
import type { ArchonContext } from "../context/archon-context.js";
import { initDetect } from "../init/init-detect.js";
import { bundledVersions } from "../init/template-catalog.js";
import { ownRules } from "./own-rules.js";
import { AGENTS, type AgentClient } from "./register-clients.js";
import { detectAgents, type SetupChoices } from "./setup-plan.js";

export interface WizardIo {
  input: Readable;
  output: Writable;
}

export interface ChoiceFlags {
  agents?: AgentClient[];
  template?: string;
}

const AGENT_LABELS: Record<AgentClient, string> = {
  claude: "Claude Code",
  cursor: "Cursor",
  codex: "Codex",
  gemini: "Gemini CLI",
};

/** Asks for whatever the flags left open. Returns undefined when the person cancels. */
export async function askChoices(
  ctx: ArchonContext,
  mode: "new" | "update",
  flags: ChoiceFlags,
  io: WizardIo,
): Promise<SetupChoices | undefined> {
  const agents =
    flags.agents ??
    (await p.multiselect<AgentClient>({
      message: "Which agents do you use in this project?",
      options: AGENTS.map((a) => ({ value: a, label: AGENT_LABELS[a] })),
      initialValues: detectAgents(ctx.projectRoot),
      required: true,
      ...io,
    }));
  if (p.isCancel(agents)) return undefined;

  let template = flags.template ?? "none";
  if (flags.template === undefined && mode === "new") {
    const detected = initDetect(
      { db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel },
      ctx.init,
      {},
    );
    const names = [...bundledVersions(ctx.init.templatesDir).keys()].sort();
    const best = detected.template;
    // A project with rules of its own is offered the template, not steered to it: its generic rules
    // would arrive beside the project's.
    const own = ownRules({ db: ctx.kdb.db, projectRoot: ctx.projectRoot }).count > 0;
    const starters = detected.preview?.documents.length ?? 0;
    const recommended = own ? "none" : (best ?? "none");
    const picked = await p.select<string>({
      message: own
        ? `This project has rules of its own.${best ? ` Add the ${best} template's ${starters} generic rules beside them?` : " Add a template's generic rules beside them?"}`
        : best
          ? `This looks like a ${best} project (${starters} starter rules). Start from its template?`
          : "No bundled template fits this project. Start from one anyway?",
      options: [
        ...(best
          ? [{ value: best, label: `Use the ${best} template`, ...(own ? {} : { hint: "recommended" }) }]
          : []),
        own
          ? { value: "none", label: "Keep to your own rules", hint: "recommended" }
          : { value: "none", label: "Start empty", hint: "import or write your own rules" },
        ...names.filter((n) => n !== best).map((n) => ({ value: n, label: `Use the ${n} template` })),
      ],
      initialValue: recommended,
      ...io,
    });
    if (p.isCancel(picked)) return undefined;
    template = picked;
  }

  return { agents, template };
}

export async function confirmPlan(summary: string[], io: WizardIo): Promise<boolean> {
  p.note(
    summary.length > 0 ? summary.join("\n") : "Nothing to change: everything is already set up.",
    "Summary",
    {
      output: io.output,
    },
  );
  if (summary.length === 0) return true;
  const answer = await p.confirm({ message: "Apply these changes?", initialValue: true, ...io });
  return answer === true;
}
