// The contract every step handler follows, and the small helpers handlers share.

import type { StrategyStat } from "../evidence/select-strategy.js";
import type { Action, ActionResult, Message } from "../run-model/protocol.js";
import type { RunState, StepName } from "../run-model/state.js";

/** Everything impure a step may need, computed by the caller and passed in. */
export interface StepEnv {
  /** ISO time of this call; handlers stamp errors and `updated_at` with it. */
  now: string;
  /** Namespace of subagent types, e.g. `zetetic-team-subagents`. */
  namespace: string;
  /** Strategy evidence read from the evidence database; selection reads it, so the loop is closed. */
  strategyHistory?: readonly StrategyStat[];
}

export interface StepOutcome {
  state: RunState;
  messages?: Message[];
  /** A substantive or terminal action; absent means "advance and keep stepping". */
  action?: Action;
}

/**
 * A step handler. `result` is given only when it answers the pending action (the runner checks the
 * routing token first); otherwise the handler is entered fresh and decides what comes next.
 */
export type StepHandler = (state: RunState, result: ActionResult | undefined, env: StepEnv) => StepOutcome;

export const info = (text: string): Message => ({ text, level: "info" });
export const warning = (text: string): Message => ({ text, level: "warning" });

export function moveTo(state: RunState, step: StepName, phase = "start"): RunState {
  return { ...state, step, phase };
}

/** A handler outcome that fails the run with a readable reason. */
export function fail(state: RunState, reason: string): StepOutcome {
  return { state, action: { kind: "failed", reason, step: state.step } };
}

/** Text of a user answer: the first selected label, else the freeform text. */
export function answerText(result: ActionResult | undefined): string {
  if (result?.kind !== "user_answer") return "";
  const selected = result.selected.find((s) => s.trim().length > 0);
  return (selected ?? result.freeform ?? "").trim();
}
