// The contract every step handler follows, and the small helpers handlers share.

import { InternalError } from "@archon/core";
import type { StrategyStat } from "../evidence/select-strategy.js";
import type { Action, ActionResult, Invocation, Message, SpawnSubagents } from "../run-model/protocol.js";
import type { RunState, RunStateAt } from "../run-model/state.js";
import { ENTRY_PHASE, type StepName } from "../run-model/step-phases.js";
import { type SubagentRole, subagentType } from "../sections/subagents.js";

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
 * The handler of step S: it sees a run at S, so its phases are S's. `result` is given only when it answers
 * the pending action (the runner checks the routing token first); otherwise the handler is entered fresh and
 * decides what comes next.
 */
export type StepHandler<S extends StepName> = (
  state: RunStateAt<S>,
  result: ActionResult | undefined,
  env: StepEnv,
) => StepOutcome;

/** One handler per step name; a missing step does not compile. */
export type StepTable = { readonly [S in StepName]: StepHandler<S> };

export const info = (text: string): Message => ({ text, level: "info" });
export const warning = (text: string): Message => ({ text, level: "warning" });

/** A run entered at one of the steps S, whichever it is. */
type Entered<S extends StepName> = S extends StepName ? RunStateAt<S> : never;

/** The run handed to `step`, entered in its first phase. */
export function moveTo<S extends StepName>(state: RunState, step: S): Entered<S>;
export function moveTo(state: RunState, step: StepName): RunState {
  return { ...state, step, phase: ENTRY_PHASE };
}

/** A handler outcome that fails the run with a readable reason. */
export function fail(state: RunState, reason: string): StepOutcome {
  return { state, action: { kind: "failed", reason, step: state.step } };
}

/** What a user answered: the first option they picked and the text they typed, each "" when absent. */
export function answerParts(result: ActionResult | undefined): { selected: string; typed: string } {
  if (result?.kind !== "user_answer") return { selected: "", typed: "" };
  return {
    selected: (result.selected.find((s) => s.trim().length > 0) ?? "").trim(),
    typed: (result.freeform ?? "").trim(),
  };
}

/**
 * The option a user picked at a gate, or the text they typed instead. Typed text beside a picked option
 * is never dropped without a word: the answer comes with a `refusal` saying why, and the gate asks again.
 */
export function gateAnswer(result: ActionResult | undefined): { answer: string; refusal?: string } {
  const { selected, typed } = answerParts(result);
  if (selected !== "" && typed !== "" && typed !== selected)
    return {
      answer: selected,
      refusal: `Both an option ("${selected}") and typed text ("${typed}") were given; this question takes one answer, so nothing was decided. Pick an option alone, or type your answer alone.`,
    };
  return { answer: selected || typed };
}

export interface OneSubagent {
  purpose: SpawnSubagents["purpose"];
  batch_id: string;
  role: SubagentRole;
  description: string;
  prompt: string;
  isolation?: Invocation["isolation"];
  /** Defaults to `<batch_id>_<role>` with the role's dashes as underscores. */
  invocation_id?: string;
}

/** A spawn_subagents action for a single subagent of the run's namespace. */
export function spawnOne(spec: OneSubagent, env: StepEnv): SpawnSubagents {
  return {
    kind: "spawn_subagents",
    purpose: spec.purpose,
    batch_id: spec.batch_id,
    invocations: [
      {
        invocation_id: spec.invocation_id ?? `${spec.batch_id}_${spec.role.replaceAll("-", "_")}`,
        subagent_type: subagentType(env.namespace, spec.role),
        description: spec.description,
        prompt: spec.prompt,
        isolation: spec.isolation ?? "none",
      },
    ],
  };
}

/** A handler entered at a phase it has no transition from: the runner routes only a step's own phases, so a bug. */
export const noTransition = (step: StepName, phase: string) =>
  new InternalError(`${step} has no transition from phase "${phase}"`);
