// Step 3: picks the PRD context by whole-word triggers, or asks the user with all eight options.
import type { AskUser } from "../run-model/protocol.js";
import type { RunState } from "../run-model/state.js";
import { CONTEXTS, isPrdContext, PRD_CONTEXTS, type PrdContext } from "../sections/contexts.js";
import { matchingContexts } from "../sections/detect-context.js";
import {
  gateAnswer,
  info,
  moveTo,
  noTransition,
  type StepHandler,
  type StepOutcome,
  warning,
} from "./step-kit.js";

export function contextQuestion(found: readonly PrdContext[]): AskUser {
  const why =
    found.length === 0
      ? "The feature text names no PRD context."
      : `The feature text matches several PRD contexts (${found.join(", ")}).`;
  return {
    kind: "ask_user",
    question_id: "prd_context",
    header: "Which kind of PRD?",
    description: `${why} Pick the one that fits; it decides the sections and the number of clarification rounds.`,
    options: PRD_CONTEXTS.map((c) => ({ label: c, description: CONTEXTS[c].description })),
    multi_select: false,
  };
}

function choose(state: RunState, context: PrdContext, how: string): StepOutcome {
  const sections = CONTEXTS[context].sections.map((type) => ({
    type,
    status: "pending" as const,
    attempt: 0,
    content: null,
    violations: [],
    score: null,
    recall: [],
    corrective_recall: [],
  }));
  return {
    state: moveTo({ ...state, prd_context: context, sections }, "input_analysis"),
    messages: [info(`PRD context ${how}: ${CONTEXTS[context].title}`)],
  };
}

export const contextDetectionStep: StepHandler<"context_detection"> = (state, result) => {
  if (state.phase === "start") {
    if (state.requested_context) return choose(state, state.requested_context, "given");
    const found = matchingContexts(state.feature_description);
    if (found.length === 1) return choose(state, found[0] as PrdContext, "detected");
    return { state: { ...state, phase: "ask" }, action: contextQuestion(found) };
  }
  if (state.phase === "ask" && result?.kind === "user_answer") {
    const { answer: given, refusal } = gateAnswer(result);
    if (refusal) return { state, messages: [warning(refusal)], action: contextQuestion([]) };
    const answer = given.toLowerCase();
    if (isPrdContext(answer)) return choose(state, answer, "chosen");
    return {
      state,
      messages: [
        {
          level: "warning",
          text: `"${answer}" is not a PRD context; choose one of ${PRD_CONTEXTS.join(", ")}.`,
        },
      ],
      action: contextQuestion([]),
    };
  }
  throw noTransition("context_detection", state.phase);
};
