// Prompts for the engineer subagent: section drafts (with recall and, on retry, the violations) and questions.
import { strategyByName } from "../evidence/strategy-catalogue.js";
import type { RunState } from "../run-model/state.js";
import type { Violation } from "../validation/types.js";
import { type RecallItem, recallBlock } from "./recall.js";
import { SECTION_TITLES, type SectionType } from "./section-catalogue.js";

// What each validator checks, told to the drafter up front so the first attempt can pass.
const SECTION_GUIDANCE: Partial<Record<SectionType, string>> = {
  requirements:
    "A markdown table with the header `ID | Requirement | Priority | Depends On | Source`; ids FR-001, FR-002, ... " +
    "without gaps or duplicates (NFR-001... for non-functional ones); nothing depends on itself; no story points here.",
  acceptance_criteria:
    "Numbered AC-001, AC-002, ... without gaps, each in Given/When/Then form citing the FR it covers.",
  technical_specification:
    "Ports and adapters in every code example; typed payloads (never `any`); secrets from a vault or environment, " +
    "never literal; authentication on every endpoint; structured logging; named constants; dependency scanning.",
  data_model:
    "DDL where every foreign key references a table defined here and no table is orphaned; no now() in partial " +
    "indexes; state the data classification, how sensitive data is protected, and consent/erasure support.",
  api_specification:
    "Authentication on every endpoint, rate limiting, one error format, contract documentation (OpenAPI), and a " +
    "deprecation strategy.",
  security_considerations:
    "Name the threat model (e.g. STRIDE), secrets handling, and data protection in transit and at rest.",
  performance_requirements:
    "Every NFR target names its measurement method; never mark an NFR target PASS at design time.",
  testing:
    "No placeholder tests; trace tests to FR/AC ids; include security and performance tests, negative and edge " +
    "cases, isolation of tests, and never production data.",
  deployment: "A rollback plan and observability: metrics, logs, alerts and health checks.",
  risks: "A table of risks where every risk has a real mitigation (never n/a, tbd, todo, none or -).",
  timeline:
    "Story points per milestone in a table whose Total row equals the sum; no milestone above 70% of the total.",
};

export interface DraftPromptInput {
  state: RunState;
  type: SectionType;
  attempt: number;
  recall: readonly RecallItem[];
  correctiveRecall: readonly RecallItem[];
  previousViolations: readonly Violation[];
}

export function draftPrompt(input: DraftPromptInput): string {
  const { state, type, attempt } = input;
  const title = SECTION_TITLES[type];
  const parts = [
    "You are drafting one section of a product requirements document (PRD).",
    `Section type: ${type}`,
    `Section title: ${title}`,
    `PRD context: ${state.prd_context ?? "feature"}`,
    `Feature: ${state.feature_description}`,
    `Attempt: ${attempt} of 3`,
    "",
    "Rules:",
    `- Output only the section body under exactly one "## ${title}" heading; no preamble, no closing remarks.`,
    "- Requirements are a table `ID | Requirement | Priority | Depends On | Source`; acceptance criteria are AC-001...",
    "- Every NFR names its measurement method; story-point totals add up; nothing depends on itself.",
    "- Code examples go through ports and adapters.",
    "- If something truly does not apply, write `not applicable: <reason>` instead of leaving it out.",
  ];
  const guidance = SECTION_GUIDANCE[type];
  if (guidance) parts.push(`- For this section: ${guidance}`);
  const assigned = state.strategy_assignments.find((a) => a.section === type);
  const strategy = assigned ? strategyByName(assigned.strategy) : undefined;
  if (strategy) parts.push(`- Reasoning strategy (${strategy.name}): ${strategy.guidance}`);
  if (state.clarifications.length > 0) {
    const qa = state.clarifications
      .map((c) => `Q${c.round}: ${c.question}\nA${c.round}: ${c.answer}`)
      .join("\n");
    parts.push("", "<clarifications>", qa, "</clarifications>");
  }
  const recall = recallBlock([...state.global_recall.slice(0, 2), ...input.recall].slice(0, 8));
  if (recall) parts.push("", "Weigh this recalled context; do not copy it blindly.", recall);
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

export function questionPrompt(state: RunState, round: number, maxRounds: number): string {
  const asked = state.clarifications
    .map((c) => `Q${c.round}: ${c.question}\nA${c.round}: ${c.answer}`)
    .join("\n");
  return [
    "You are helping clarify a product requirement before a PRD is written.",
    `Feature: ${state.feature_description}`,
    `PRD context: ${state.prd_context ?? "feature"}`,
    `Clarification round: ${round} of at most ${maxRounds}`,
    asked ? `<previous_rounds>\n${asked}\n</previous_rounds>` : "",
    state.git_history ? `<git_history>\n${state.git_history.slice(0, 2000)}\n</git_history>` : "",
    "Compose ONE question that removes the most important remaining ambiguity. Do not repeat earlier questions.",
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
