// Step 5: a text bundling three or more feature clauses asks the user for one focus, which refines the text.
import type { AskUser } from "../run-model/protocol.js";
import { featureClauses } from "./feature-clauses.js";
import { answerText, info, moveTo, noTransition, type StepHandler } from "./step-kit.js";

/** Split points between feature clauses: two or more mean the text bundles several features. */
export function epicSignals(text: string): number {
  return Math.max(0, featureClauses(text).length - 1);
}

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
      parts.length > 1 ? parts.map((p) => ({ label: p, description: "Write the PRD for this part" })) : null,
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
    const focus = answerText(result);
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
