// Step 6: per round an engineer composes one question, the user answers; between min and max they may proceed.
import type { AskUser, SpawnSubagents, SubagentBatchResult, UserAnswer } from "../run-model/protocol.js";
import {
  type ComposedQuestion,
  type RunState,
  type RunStateAt,
  withClarification,
} from "../run-model/state.js";
import { CONTEXTS } from "../sections/contexts.js";
import { questionPrompt } from "../sections/draft-prompt.js";
import { extractJsonObject } from "../sections/json-reply.js";
import {
  answerParts,
  gateAnswer,
  info,
  moveTo,
  noTransition,
  type StepEnv,
  type StepHandler,
  type StepOutcome,
  spawnOne,
  warning,
} from "./step-kit.js";

/** Unparseable question replies re-issue the compose action this many times before a generic question. */
const MAX_COMPOSE_RETRIES = 2;

function rounds(state: RunState): { min: number; max: number } {
  return CONTEXTS[state.prd_context ?? "feature"].rounds;
}

function composeAction(state: RunState, round: number, env: StepEnv): SpawnSubagents {
  return spawnOne(
    {
      purpose: "draft",
      batch_id: `clarification_compose_${round}`,
      role: "engineer",
      description: `Compose clarification question ${round}`,
      prompt: questionPrompt(state, round, rounds(state).max),
    },
    env,
  );
}

function answerAction(question: ComposedQuestion, round: number): AskUser {
  return {
    kind: "ask_user",
    question_id: `clarification_round_${round}`,
    header: `Round ${round}: ${question.text}`,
    description: question.rationale,
    options: question.options.length > 0 ? question.options : null,
    multi_select: false,
  };
}

function proceedAction(round: number, max: number): AskUser {
  return {
    kind: "ask_user",
    question_id: `clarification_proceed_${round}`,
    header: "Enough clarification?",
    description: `${round} rounds answered; up to ${max} are possible for this kind of PRD.`,
    options: [
      { label: "Proceed", description: "Start writing the PRD sections now" },
      { label: "Continue", description: "Answer another clarification question first" },
    ],
    multi_select: false,
  };
}

export function parseQuestion(raw: string | undefined): ComposedQuestion | null {
  const json = raw ? extractJsonObject(raw) : null;
  if (!json || typeof json.question !== "string" || json.question.trim() === "") return null;
  const options = Array.isArray(json.options) ? json.options : [];
  return {
    text: json.question.trim().slice(0, 500),
    rationale: typeof json.rationale === "string" ? json.rationale.slice(0, 1000) : "",
    options: options
      .map((o) =>
        typeof o === "string"
          ? { label: o, description: "" }
          : {
              label: String((o as { label?: unknown })?.label ?? ""),
              description: String((o as { description?: unknown })?.description ?? ""),
            },
      )
      .filter((o) => o.label.trim() !== "")
      .slice(0, 6),
  };
}

function startRound(state: RunStateAt<"clarification">, round: number, env: StepEnv): StepOutcome {
  const next: RunStateAt<"clarification"> = {
    ...state,
    clarification_round: round,
    phase: "compose",
    retries: 0,
    current_question: null,
  };
  return { state: next, action: composeAction(next, round, env) };
}

/** The answer as recorded: a picked option and typed text are both kept, since the text often qualifies the pick. */
export function recordedAnswer(parts: { selected: string; typed: string }): {
  answer: string;
  how: "option" | "typed" | "option and typed";
} | null {
  const { selected, typed } = parts;
  if (selected !== "" && typed !== "" && typed !== selected)
    return { answer: `${selected}; the user added: ${typed}`, how: "option and typed" };
  if (selected !== "") return { answer: selected, how: "option" };
  if (typed !== "") return { answer: typed, how: "typed" };
  return null;
}

function finish(state: RunState): StepOutcome {
  return { state: moveTo({ ...state, proceed: true }, "budget") };
}

/** A question reply that holds no question is composed again, then replaced by a generic question. */
function afterCompose(
  state: RunStateAt<"clarification">,
  result: SubagentBatchResult,
  env: StepEnv,
): StepOutcome {
  const round = state.clarification_round;
  const question = parseQuestion(result.responses[0]?.raw_text);
  if (question)
    return {
      state: { ...state, phase: "answer", current_question: question },
      action: answerAction(question, round),
    };
  if (state.retries < MAX_COMPOSE_RETRIES) {
    return {
      state: { ...state, retries: state.retries + 1 },
      messages: [warning("The question reply held no JSON object with a `question`; composing again.")],
      action: composeAction(state, round, env),
    };
  }
  const fallback = {
    text: "What else should this PRD know before it is written?",
    rationale: "Fallback question.",
    options: [],
  };
  return {
    state: { ...state, phase: "answer", current_question: fallback },
    action: answerAction(fallback, round),
  };
}

/** The answer is recorded; then another round, the proceed question, or the end, by the context's rounds. */
function afterAnswer(
  state: RunStateAt<"clarification">,
  question: ComposedQuestion,
  result: UserAnswer,
  env: StepEnv,
): StepOutcome {
  const round = state.clarification_round;
  const { min, max } = rounds(state);
  const answered = recordedAnswer(answerParts(result));
  if (answered === null) {
    return {
      state,
      messages: [warning("An empty answer was not recorded; please answer the question.")],
      action: answerAction(question, round),
    };
  }
  const recorded = withClarification(state, {
    round,
    question: question.text,
    ...answered,
    answered_by: "user",
  });
  if (round >= max) return finish(recorded);
  if (round >= min) return { state: { ...recorded, phase: "proceed" }, action: proceedAction(round, max) };
  return startRound(recorded, round + 1, env);
}

function afterProceed(state: RunStateAt<"clarification">, result: UserAnswer, env: StepEnv): StepOutcome {
  const round = state.clarification_round;
  const { max } = rounds(state);
  const { answer, refusal } = gateAnswer(result);
  if (refusal) return { state, messages: [warning(refusal)], action: proceedAction(round, max) };
  const choice = answer.toLowerCase();
  if (choice === "proceed")
    return { ...finish(state), messages: [info(`Clarification ended after ${round} rounds.`)] };
  if (choice === "continue") return startRound(state, round + 1, env);
  return {
    state,
    messages: [warning(`Answer "Proceed" or "Continue" (got "${choice}").`)],
    action: proceedAction(round, max),
  };
}

export const clarificationStep: StepHandler<"clarification"> = (state, result, env) => {
  if (state.phase === "start") return startRound(state, 1, env);
  if (state.phase === "compose" && result?.kind === "subagent_batch_result")
    return afterCompose(state, result, env);
  if (state.phase === "answer" && result?.kind === "user_answer" && state.current_question)
    return afterAnswer(state, state.current_question, result, env);
  if (state.phase === "proceed" && result?.kind === "user_answer") return afterProceed(state, result, env);
  throw noTransition("clarification", state.phase);
};
