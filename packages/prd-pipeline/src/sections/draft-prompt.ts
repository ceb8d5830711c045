// Prompts for the engineer subagent: section drafts (with recall and, on retry, the violations) and questions.
import { strategyByName } from "../evidence/strategy-catalogue.js";
import type { RunState } from "../run-model/state.js";
import { rulesFor } from "../validation/catalogue.js";
import type { Violation } from "../validation/types.js";
import { clarificationId } from "./clarification-record.js";
import { dependencyBlocks } from "./dependencies.js";
import { groundingBlock } from "./grounding-block.js";
import { type ProjectContext, projectContextOf } from "./project-context.js";
import { type RecallItem, recallBlock } from "./recall.js";
import { SECTION_TITLES, type SectionType } from "./section-catalogue.js";
import { SECTION_GUIDANCE, SHOWS_CODE } from "./section-guidance.js";

/** The generic mandates, each replaced by the project's own rules where it has some for that concern. */
function mandates(type: SectionType, project: ProjectContext): string[] {
  const lines: string[] = [];
  const arch = project.ownRules.architecture;
  if (SHOWS_CODE.has(type))
    lines.push(
      arch.length > 0
        ? `- Architecture: follow the project's own rules (${arch.join(", ")}) rather than a generic pattern.`
        : "- Code examples go through ports and adapters.",
    );
  if (type === "data_model") {
    const data = project.ownRules.data_model;
    const tables = project.existingTables.slice(0, 30);
    const where =
      tables.length > 0 ? `defined here or already in the project (${tables.join(", ")})` : "defined here";
    lines.push(`- DDL: every foreign key references a table ${where}.`);
    lines.push(
      data.length > 0
        ? `- Data rules: follow the project's own (${data.join(", ")}).`
        : "- No table is orphaned: each relates to another.",
    );
  }
  return lines;
}

/** One line per check the section will face, so the first attempt knows the bar. */
function checksBlock(type: SectionType, project: ProjectContext): string[] {
  const lines = rulesFor(type, project).map(
    (r) => `- ${r.id} (${r.critical ? "critical" : "warning"}): ${r.topic}`,
  );
  return ["", "Checks this section will face (a critical one fails the attempt):", ...lines];
}

export interface DraftPromptInput {
  state: RunState;
  type: SectionType;
  attempt: number;
  recall: readonly RecallItem[];
  correctiveRecall: readonly RecallItem[];
  previousViolations: readonly Violation[];
  /** The text the previous attempt produced, so a retry fixes it instead of starting over. */
  previousDraft?: string | null;
}

/** The previous draft a retry carries stays under this many characters. */
export const MAX_PREVIOUS_DRAFT_CHARS = 12_000;

export function draftPrompt(input: DraftPromptInput): string {
  const { state, type, attempt } = input;
  const title = SECTION_TITLES[type];
  const project = projectContextOf(state.grounding);
  const parts = [
    "You are drafting one section of a product requirements document (PRD).",
    `Section type: ${type}`,
    `Section title: ${title}`,
    `PRD context: ${state.prd_context ?? "feature"}`,
    `Feature: ${state.feature_description}`,
    `Attempt: ${attempt} of 3`,
    "",
    "Rules:",
    `- Start with the "## ${title}" heading and output only the section body under it: no preamble before it, no closing remarks.`,
    ...(SECTION_GUIDANCE[type] ?? []).map((line) => `- ${line}`),
    ...mandates(type, project),
    "- If something truly does not apply, write `not applicable: <reason>` instead of leaving it out.",
  ];
  const assigned = state.strategy_assignments.find((a) => a.section === type);
  const strategy = assigned ? strategyByName(assigned.strategy) : undefined;
  if (strategy) parts.push(`- Reasoning strategy (${strategy.name}): ${strategy.guidance}`);
  parts.push(...checksBlock(type, project));
  const grounding = groundingBlock(state.grounding);
  if (grounding) parts.push("", grounding);
  const dependencies = dependencyBlocks(state, type);
  if (dependencies.length > 0) parts.push("", ...dependencies);
  if (state.clarifications.length > 0)
    parts.push("", "<clarifications>", clarificationLines(state), "</clarifications>");
  const recall = recallBlock([...state.global_recall.slice(0, 2), ...input.recall].slice(0, 8));
  if (recall) parts.push("", "Weigh this recalled context; do not copy it blindly.", recall);
  if (input.previousDraft) {
    parts.push(
      "",
      "Your previous attempt is below. Revise it: keep what is right, fix what the violations name.",
      "<previous_draft>",
      input.previousDraft.slice(0, MAX_PREVIOUS_DRAFT_CHARS),
      "</previous_draft>",
    );
  }
  if (input.previousViolations.length > 0) {
    const lines = input.previousViolations.map(
      (v) => `- [${v.critical ? "critical" : "warning"}] ${v.rule}: ${v.message}`,
    );
    parts.push(
      "",
      "The previous attempt failed validation. Fix every violation:",
      "<violations>",
      ...lines,
      "</violations>",
    );
  }
  const corrective = recallBlock(input.correctiveRecall, "corrective_context");
  if (corrective) parts.push("", corrective);
  return parts.join("\n");
}

/** The answers so far under the ids the PRD cites them by; they are exported as the clarification record. */
function clarificationLines(state: RunState): string {
  return state.clarifications
    .map((c) => {
      const id = clarificationId(c.round);
      const how = c.how ? `, ${c.how}` : "";
      return `${id} (answered by the ${c.answered_by ?? "user"}${how})\nQ: ${c.question}\nA: ${c.answer}`;
    })
    .join("\n");
}

export function questionPrompt(state: RunState, round: number, maxRounds: number): string {
  const asked = state.clarifications.length > 0 ? clarificationLines(state) : "";
  // The composer sees what a drafter sees, so it asks about the real code instead of guessing at it.
  const grounding = groundingBlock(state.grounding);
  return [
    "You are helping clarify a product requirement before a PRD is written.",
    `Feature: ${state.feature_description}`,
    `PRD context: ${state.prd_context ?? "feature"}`,
    `Clarification round: ${round} of at most ${maxRounds}`,
    asked ? `<previous_rounds>\n${asked}\n</previous_rounds>` : "",
    grounding,
    state.git_history ? `<git_history>\n${state.git_history.slice(0, 2000)}\n</git_history>` : "",
    "Compose ONE question that removes the most important remaining ambiguity. Do not repeat earlier questions.",
    grounding
      ? "Ask what the code and the project's rules above do not already answer, and name the files or rules it is about."
      : "",
    'Reply with only a JSON object: {"question": "...", "options": ["...", "..."], "rationale": "..."}',
  ]
    .filter((line) => line !== "")
    .join("\n");
}

export function jiraPrompt(state: RunState): string {
  const sources = state.sections
    .filter(
      (s) =>
        s.status === "passed" && ["requirements", "user_stories", "acceptance_criteria"].includes(s.type),
    )
    .map((s) => s.content ?? "")
    .join("\n\n");
  return [
    "Turn these PRD sections into Jira tickets (epic, stories, tasks) with story points and links to FR/AC ids.",
    `Feature: ${state.feature_description}`,
    'Output markdown under one "## Jira Tickets" heading.',
    "<sections>",
    sources,
    "</sections>",
  ].join("\n");
}

export function gitHistoryPrompt(state: RunState): string {
  return [
    `Summarise the git history of ${state.codebase_path ?? "the codebase"} that matters for this feature:`,
    state.feature_description,
    "Name recent changes to the affected areas, their authors' intent, and reverted attempts. At most 30 lines.",
  ].join("\n");
}
