// Step 5: two or more epic signals (features joined by and/plus/also/commas) ask the user for one focus.
import type { AskUser } from "../run-model/protocol.js";
import { wordsOf } from "../sections/detect-context.js";
import { answerText, info, moveTo, type StepHandler } from "./step-kit.js";

const JOINING_WORDS = new Set(["and", "plus", "also", "et", "aussi", "ainsi"]);

export function epicSignals(text: string): number {
  const joins = wordsOf(text).filter((w) => JOINING_WORDS.has(w)).length;
  let punctuation = 0;
  for (const ch of text) if (ch === "," || ch === ";" || ch === "&") punctuation += 1;
  return joins + punctuation;
}

/** The candidate features, split on the joining words and punctuation. */
export function featureParts(text: string): string[] {
  const parts = text
    .split(/[,;&]|\s(?:and|plus|also|et|aussi)\s/i)
    .map((p) => p.trim())
    .filter((p) => p.length > 2);
  return [...new Set(parts)].slice(0, 6);
}

function focusQuestion(text: string): AskUser {
  const parts = featureParts(text);
  return {
    kind: "ask_user",
    question_id: "feasibility_focus",
    header: "This looks like several features: which one first?",
    description:
      "One PRD per feature keeps it reviewable. Pick the focus (or type your own); it replaces the feature text.",
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
      state: moveTo({ ...state, feature_description: focus }, "clarification"),
      messages: [info(`Focus set: ${focus}`)],
    };
  }
  throw new Error(`feasibility_gate has no transition from phase "${state.phase}"`);
};
