// Step 20: stores the run in memory (failure tolerated), then `done` with summary and artifacts.
import type { Action } from "../pipeline/protocol.js";
import { type RunState, withError } from "../pipeline/state.js";
import { outputDir } from "../sections/file-plan.js";
import { type StepHandler, warning } from "./step-kit.js";

export function summaryOf(state: RunState): string {
  const passed = state.sections.filter((s) => s.status === "passed").length;
  const written = state.files.filter((f) => f.confirmed).length;
  return (
    `PRD for "${state.feature_description}" (${state.prd_context ?? "unknown"} context): ` +
    `${passed} of ${state.sections.length} sections passed validation; ${written} files written to ${outputDir(state.run_id)}/.`
  );
}

function done(state: RunState): Action {
  const artifacts = [
    ...state.sections.map(
      (s) => `${s.type}: ${s.status}${s.score === null ? "" : ` (score ${s.score.toFixed(2)})`}`,
    ),
    `jira_tickets: ${state.jira.status}`,
    ...state.files.filter((f) => f.confirmed).map((f) => `file: ${f.path}`),
  ];
  return { kind: "done", summary: summaryOf(state), artifacts, verification: null };
}

export const finalizeStep: StepHandler = (state, result, env) => {
  if (state.phase === "start") {
    if (!state.memory_available) return { state, action: done(state) };
    return {
      state: { ...state, phase: "remember" },
      action: {
        kind: "call_cortex_tool",
        tool_name: "remember",
        arguments: {
          content: summaryOf(state),
          tags: ["prd", `context:${state.prd_context ?? "unknown"}`, `feature:${state.feature_description}`],
        },
        correlation_id: "finalize_remember",
      },
    };
  }
  if (state.phase === "remember" && result?.kind === "tool_result") {
    if (result.success) return { state, action: done(state) };
    const next = withError(
      state,
      "upstream_failure",
      `remember failed: ${result.error ?? "no detail"}`,
      env.now,
    );
    return { state: next, messages: [warning("The run could not be stored in memory.")], action: done(next) };
  }
  throw new Error(`finalize has no transition from phase "${state.phase}"`);
};
