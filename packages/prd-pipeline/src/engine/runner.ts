// The pure reducer: step(table, state, result?) folds status messages and hops until a substantive action appears.
import type { Action, ActionResult, Message, PendingAction } from "../run-model/protocol.js";
import { type RunState, type RunStateAt, runStateSchema, withError } from "../run-model/state.js";
import type { StepName } from "../run-model/step-phases.js";
import { mismatchReason } from "../run-model/tokens.js";
import type { StepEnv, StepOutcome, StepTable } from "../steps/step-kit.js";

/** More folded hops than this in a row means a handler is looping: the run fails. */
export const MAX_HOPS = 16;

export interface StepReturn {
  state: RunState;
  action: Action;
  messages: Message[];
  /** The result did not answer the pending action: nothing changed and that action is issued again. */
  reissued?: true;
}

export function failRun(state: RunState, reason: string, env: StepEnv, messages: Message[] = []): StepReturn {
  const failed = withError(state, "structural", reason, env.now);
  const action: Action = { kind: "failed", reason, step: state.step };
  return {
    state: { ...failed, status: "failed", pending: null, final_action: action, updated_at: env.now },
    action,
    messages,
  };
}

/** Applies one result (or starts the run when none) and advances to the next substantive action. */
export function step(
  table: StepTable,
  state: RunState,
  result: ActionResult | undefined,
  env: StepEnv,
): StepReturn {
  if (state.status !== "running" && state.final_action) {
    return { state, action: state.final_action, messages: [] };
  }
  if (result !== undefined) {
    const pending = state.pending;
    if (!pending) return failRun(state, "a result arrived but no action was pending", env);
    const reason = mismatchReason(pending, result);
    if (reason)
      return reissue(state, pending, `Result not applied: ${reason}. The pending action is issued again.`);
  }
  const messages: Message[] = [];
  let current: RunState = { ...state, pending: null };
  let incoming = result;
  let hops = 0;
  try {
    for (;;) {
      const outcome = handle(table, current, incoming, env);
      incoming = undefined;
      messages.push(...(outcome.messages ?? []));
      current = outcome.state;
      if (outcome.action) return settle(state, current, outcome.action, messages, env);
      hops += 1;
      if (hops > MAX_HOPS) {
        return failRun(
          current,
          `step "${current.step}" advanced ${hops} times without an action`,
          env,
          messages,
        );
      }
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return failRun(current, `step "${current.step}" threw: ${text}`, env, messages);
  }
}

/** The handler of the run's step, given the run typed at that step. */
function handle<S extends StepName>(
  table: StepTable,
  state: RunStateAt<S>,
  result: ActionResult | undefined,
  env: StepEnv,
): StepOutcome {
  const handler: StepTable[S] = table[state.step];
  return handler(state, result, env);
}

function reissue(state: RunState, pending: PendingAction, text: string): StepReturn {
  return { state, action: pending, messages: [{ text, level: "warning" }], reissued: true };
}

function settle(
  before: RunState,
  after: RunState,
  action: Action,
  messages: Message[],
  env: StepEnv,
): StepReturn {
  let next: RunState = { ...after, updated_at: env.now };
  if (action.kind === "done") next = { ...next, status: "done", pending: null, final_action: action };
  else if (action.kind === "failed")
    next = { ...next, status: "failed", pending: null, final_action: action };
  else next = { ...next, pending: action };
  const parsed = runStateSchema.safeParse(next);
  if (!parsed.success) {
    // The handler produced a state the schema rejects: keep the last valid state and fail from it.
    return failRun(
      before,
      `step "${after.step}" produced an invalid state: ${parsed.error.message}`,
      env,
      messages,
    );
  }
  return { state: parsed.data, action, messages };
}
