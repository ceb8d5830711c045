// Step 8: per planned section: recall -> draft -> validate -> pass, or retry (3 attempts) with the violations.
import { InternalError } from "@archon/core";
import { correctiveQuery } from "../evidence/failure-retrieval.js";
import type { Action } from "../run-model/protocol.js";
import { type RunState, type RunStateAt, type SectionState, withError } from "../run-model/state.js";
import { draftPrompt } from "../sections/draft-prompt.js";
import { projectContextOf } from "../sections/project-context.js";
import { parseRecall, RECALL_MAX_RESULTS } from "../sections/recall.js";
import { recallQuery, SECTION_TITLES } from "../sections/section-catalogue.js";
import type { Violation } from "../validation/types.js";
import { validateSection } from "../validation/validate-section.js";
import {
  info,
  moveTo,
  noTransition,
  type StepEnv,
  type StepHandler,
  type StepOutcome,
  spawnOne,
  warning,
} from "./step-kit.js";

export const MAX_ATTEMPTS = 3;
/** Keeps every exported file, and so every write_file envelope, inside the response budget. */
export const MAX_SECTION_CHARS = 12_000;

function current(state: RunState): SectionState {
  const section = state.sections[state.section_index];
  if (!section) throw new InternalError(`no section at index ${state.section_index}`);
  return section;
}

function withCurrent<T extends RunState>(state: T, patch: Partial<SectionState>): T {
  const sections = state.sections.map((s, i) => (i === state.section_index ? { ...s, ...patch } : s));
  return { ...state, sections };
}

function recallAction(correlation: string, query: string): Action {
  return {
    kind: "call_cortex_tool",
    tool_name: "recall",
    arguments: { query, max_results: RECALL_MAX_RESULTS },
    correlation_id: correlation,
  };
}

function draft(state: RunStateAt<"section_generation">, env: StepEnv): StepOutcome {
  const section = current(state);
  const attempt = section.attempt + 1;
  const batch = `section_generate_${section.type}_a${attempt}`;
  const next = withCurrent({ ...state, phase: "draft" }, { status: "drafting", attempt });
  const prompt = draftPrompt({
    state,
    type: section.type,
    attempt,
    recall: section.recall,
    correctiveRecall: section.corrective_recall,
    previousViolations: section.violations,
    previousDraft: attempt > 1 ? section.content : null,
  });
  return {
    state: next,
    action: spawnOne(
      {
        purpose: "draft",
        batch_id: batch,
        role: "engineer",
        description: `Draft ${SECTION_TITLES[section.type]} (attempt ${attempt})`,
        prompt,
      },
      env,
    ),
  };
}

/**
 * Strips a fence that wraps the whole reply and gives a reply with no `##` heading at all its heading. A
 * preamble before the heading is kept, so validation reports it (no_preamble) and the retry fixes it.
 */
export function normaliseDraft(raw: string, title: string): string {
  let text = raw.trim();
  if (text.startsWith("```") && text.endsWith("```")) text = text.slice(text.indexOf("\n") + 1, -3).trim();
  const hasHeading = text.startsWith("## ") || text.includes("\n## ");
  return hasHeading ? text : `## ${title}\n\n${text}`;
}

/** Records how the section's strategy fared: compliant when it passed; gain from its score, less per retry. */
function withExecution<T extends RunState>(
  state: T,
  section: SectionState,
  passed: boolean,
  score: number,
): T {
  const a = state.strategy_assignments.find((x) => x.section === section.type);
  if (!a) return state;
  const gain = Math.max(-1, Math.min(1, score - 0.5 - 0.1 * (section.attempt - 1)));
  const execution = {
    strategy: a.strategy,
    section: section.type,
    characteristics: a.characteristics,
    compliant: passed,
    confidence_gain: Math.round(gain * 1e6) / 1e6,
  };
  return { ...state, strategy_executions: [...state.strategy_executions, execution] };
}

function judge(state: RunStateAt<"section_generation">, raw: string | undefined, env: StepEnv): StepOutcome {
  const section = current(state);
  const title = SECTION_TITLES[section.type];
  const content = raw && raw.trim() !== "" ? normaliseDraft(raw, title) : null;
  const result =
    content === null ? null : validateSection(section.type, content, projectContextOf(state.grounding));
  let violations = result?.violations ?? [];
  if (content === null)
    violations = [synthetic(section.type, "draft_missing", "The drafter returned no text.")];
  else if (content.length > MAX_SECTION_CHARS) {
    violations = [
      ...violations,
      synthetic(section.type, "section_length", `Keep the section under ${MAX_SECTION_CHARS} characters.`),
    ];
  }
  const passed = content !== null && !violations.some((v) => v.critical);
  const score = result
    ? Math.max(0, result.score - (content && content.length > MAX_SECTION_CHARS ? 0.15 : 0))
    : 0;
  let next = withCurrent(state, { content, violations, score });
  if (passed) {
    next = withExecution(withCurrent(next, { status: "passed" }), section, true, score);
    return { state: advance(next), messages: [info(`${title}: passed (score ${score.toFixed(2)}).`)] };
  }
  if (section.attempt >= MAX_ATTEMPTS) {
    const rules = [...new Set(violations.map((v) => v.rule))].join(", ");
    next = withError(
      withExecution(withCurrent(next, { status: "failed" }), section, false, score),
      "section_failure",
      `${section.type} failed validation after ${MAX_ATTEMPTS} attempts: ${rules}`,
      env.now,
    );
    return {
      state: advance(next),
      messages: [warning(`${title}: failed after ${MAX_ATTEMPTS} attempts (${rules}).`)],
    };
  }
  const retryNote = warning(
    `${title}: attempt ${section.attempt} has ${violations.length} violation(s); retrying.`,
  );
  if (!state.memory_available) return { ...draft(next, env), messages: [retryNote] };
  const correlation = `section_retrieve_${section.type}_fix_a${section.attempt + 1}`;
  return {
    state: { ...next, phase: "corrective_recall" },
    messages: [retryNote],
    action: recallAction(correlation, correctiveQuery(violations, state.feature_description)),
  };
}

function synthetic(type: string, rule: string, message: string): Violation {
  return {
    rule,
    section_type: type,
    message,
    offending_content: "",
    location: "section",
    critical: true,
    penalty: 0.15,
  };
}

function advance(state: RunStateAt<"section_generation">): RunStateAt<"section_generation"> {
  return { ...state, section_index: state.section_index + 1, phase: "start" };
}

export const sectionGenerationStep: StepHandler<"section_generation"> = (state, result, env) => {
  if (state.phase === "start") {
    const section = state.sections[state.section_index];
    if (!section) {
      const passed = state.sections.filter((s) => s.status === "passed").length;
      return {
        state: moveTo(state, "jira_generation"),
        messages: [info(`Sections done: ${passed} of ${state.sections.length} passed.`)],
      };
    }
    if (!state.memory_available) return draft(state, env);
    return {
      state: withCurrent({ ...state, phase: "recall" }, { status: "retrieving" }),
      action: recallAction(
        `section_retrieve_${section.type}`,
        recallQuery(section.type, state.feature_description),
      ),
    };
  }
  if ((state.phase === "recall" || state.phase === "corrective_recall") && result?.kind === "tool_result") {
    const field = state.phase === "recall" ? "recall" : "corrective_recall";
    if (result.success) return draft(withCurrent(state, { [field]: parseRecall(result.data) }), env);
    const failed = withError(
      state,
      "upstream_failure",
      `recall failed: ${result.error ?? "no detail"}`,
      env.now,
    );
    const out = draft({ ...failed, memory_available: false }, env);
    return { ...out, messages: [warning("Recall failed: drafting without memory for the rest of the run.")] };
  }
  if (state.phase === "draft" && result?.kind === "subagent_batch_result") {
    const reply = result.responses[0];
    return judge(state, reply?.error ? undefined : reply?.raw_text, env);
  }
  throw noTransition("section_generation", state.phase);
};
