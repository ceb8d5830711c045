// Step 5: a text bundling two or more features asks the user for one focus (or all of it), which refines the text.
import type { AskUser } from "../run-model/protocol.js";
import { featureClauses } from "./feature-clauses.js";
import { answerParts, info, moveTo, noTransition, type StepHandler, warning } from "./step-kit.js";

/**
 * The epic signals of a text: the features it joins by and/plus/also/commas (the design's rule asks at two
 * or more), so "recurring invoices on a monthly schedule and email reminders" is two. One feature is none.
 */
export function epicSignals(text: string): number {
  const parts = featureClauses(text).length;
  return parts > 1 ? parts : 0;
}

/** The option that keeps the whole request as one PRD: splitting is offered, never imposed. */
export const KEEP_WHOLE = "Keep it as one PRD";

/** The feature text once a focus is chosen: the focus first, the whole request kept as its context. */
export function refinedFeature(focus: string, original: string): string {
  if (focus === original) return focus;
  return `${focus} (one part of: ${original})`;
}

function focusQuestion(text: string): AskUser {
  const parts = featureClauses(text);
  return {
    kind: "ask_user",
    question_id: "feasibility_focus",
    header: "This looks like several features: which one first?",
    description:
      "One PRD per feature keeps it reviewable. Pick the focus (or type your own); the PRD is written for it, with the whole request kept as context.",
    options:
      parts.length > 1
        ? [
            ...parts.map((p) => ({ label: p, description: "Write the PRD for this part" })),
            { label: KEEP_WHOLE, description: "Write one PRD for the whole request" },
          ]
        : null,
    multi_select: false,
  };
}

export const feasibilityGateStep: StepHandler<"feasibility_gate"> = (state, result) => {
  if (state.phase === "start") {
    if (epicSignals(state.feature_description) < 2) {
      return {
        state: moveTo(state, "clarification"),
        messages: [info("Scope acceptable. Proceeding to clarification.")],
      };
    }
    return { state: { ...state, phase: "ask" }, action: focusQuestion(state.feature_description) };
  }
  if (state.phase === "ask" && result?.kind === "user_answer") {
    const { selected, typed } = answerParts(result);
    if (selected !== "" && typed !== "" && typed !== selected) {
      return {
        state,
        messages: [
          warning(
            `Both an option ("${selected}") and a typed focus ("${typed}") were given, and one PRD has one focus: pick an option, or type your own focus alone.`,
          ),
        ],
        action: focusQuestion(state.feature_description),
      };
    }
    const chosen = selected || typed;
    const focus = chosen === KEEP_WHOLE ? state.original_feature_description : chosen;
    if (focus === "") {
      return {
        state,
        messages: [{ level: "warning", text: "An empty answer cannot be the focus; pick or type one." }],
        action: focusQuestion(state.feature_description),
      };
    }
    return {
      state: moveTo(
        { ...state, feature_description: refinedFeature(focus, state.original_feature_description) },
        "clarification",
      ),
      messages: [info(`Focus set: ${focus}`)],
    };
  }
  throw noTransition("feasibility_gate", state.phase);
};
