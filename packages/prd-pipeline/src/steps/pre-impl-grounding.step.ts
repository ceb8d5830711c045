// Step 13: one impact query per affected symbol (at most 10), best effort: failures are noted, never fatal.
import { type RunState, type RunStateAt, withError } from "../run-model/state.js";
import { affectedSymbols } from "../sections/file-plan.js";
import { workFolder } from "./input-analysis.step.js";
import {
  info,
  moveTo,
  noTransition,
  type StepEnv,
  type StepHandler,
  type StepOutcome,
  warning,
} from "./step-kit.js";

export const MAX_IMPACT_QUERIES = 10;

/** Symbols first, then files, from the technical specification; at most 10. */
export function impactTargets(state: RunState): string[] {
  const json = affectedSymbols(state);
  if (json === null) return [];
  const data = JSON.parse(json) as { symbols: string[]; files: string[] };
  return [...data.symbols, ...data.files].slice(0, MAX_IMPACT_QUERIES);
}

function summary(data: unknown): string {
  return JSON.stringify(data ?? null).slice(0, 300);
}

function next(state: RunStateAt<"pre_impl_grounding">): StepOutcome {
  const targets = impactTargets(state);
  const index = state.implementation.impacts.length;
  const symbol = targets[index];
  const codebase = state.codebase_path ?? "";
  if (symbol === undefined) {
    const ok = state.implementation.impacts.filter((i) => i.ok).length;
    return {
      state: moveTo(state, "implementation"),
      messages:
        targets.length > 0 ? [info(`Impact known for ${ok} of ${targets.length} affected symbols.`)] : [],
    };
  }
  return {
    state: { ...state, phase: "impact" },
    action: {
      kind: "call_pipeline_tool",
      tool_name: "get_impact",
      arguments: { path: codebase, output_dir: workFolder(codebase), symbol },
      correlation_id: `pre_impl_impact_${String(index + 1).padStart(2, "0")}`,
    },
  };
}

export const preImplGroundingStep: StepHandler<"pre_impl_grounding"> = (state, result, env: StepEnv) => {
  if (state.phase === "start") {
    if (!state.codebase_path) {
      return {
        state: moveTo(state, "implementation"),
        messages: [info("No codebase path: impact queries skipped.")],
      };
    }
    return next({ ...state, implementation: { ...state.implementation, impacts: [] } });
  }
  if (state.phase === "impact" && result?.kind === "tool_result") {
    const symbol = impactTargets(state)[state.implementation.impacts.length] ?? "?";
    const record = result.success
      ? { name: symbol, ok: true, summary: summary(result.data) }
      : { name: symbol, ok: false, summary: result.error ?? "no detail" };
    let updated: RunState = {
      ...state,
      implementation: { ...state.implementation, impacts: [...state.implementation.impacts, record] },
    };
    if (!result.success) {
      updated = withError(
        updated,
        "upstream_failure",
        `impact of ${symbol} failed: ${record.summary}`,
        env.now,
      );
      const out = next(updated);
      return {
        ...out,
        messages: [warning(`No impact data for ${symbol}; continuing.`), ...(out.messages ?? [])],
      };
    }
    return next(updated);
  }
  throw noTransition("pre_impl_grounding", state.phase);
};
