// Step 2: probes the memory server (optional) and, with a codebase path, the codebase server (required).
import { withError } from "../run-model/state.js";
import { info, moveTo, type StepHandler, warning } from "./step-kit.js";

export const CODEBASE_INSTALL_HINT =
  "The codebase server (ai-architect-mcp-codebase, server key `ai-architect`) did not answer, and a codebase " +
  "path was given. Register it in the project's .mcp.json, restart the host so it loads the server, then " +
  "start the pipeline again; or start it without codebase_path to write the PRD without codebase grounding.";

export const preflightStep: StepHandler<"preflight"> = (state, result, env) => {
  if (state.phase === "start") {
    if (state.skip_preflight) {
      return { state: moveTo(state, "context_detection"), messages: [info("Preflight skipped on request.")] };
    }
    return {
      state: { ...state, phase: "memory" },
      action: {
        kind: "call_cortex_tool",
        tool_name: "memory_stats",
        arguments: {},
        correlation_id: "preflight_memory",
      },
    };
  }
  if (state.phase === "memory" && result?.kind === "tool_result") {
    let next = state;
    const messages = [];
    if (result.success) messages.push(info("Memory server reachable: recall is on for this run."));
    else {
      next = withError(
        next,
        "upstream_failure",
        `memory server probe failed: ${result.error ?? "no detail"}`,
        env.now,
      );
      next = { ...next, memory_available: false };
      messages.push(warning("Memory server unavailable: recall is skipped for this run."));
    }
    if (!state.codebase_path) return { state: moveTo(next, "context_detection"), messages };
    return {
      state: { ...next, phase: "codebase" },
      messages,
      action: {
        kind: "call_pipeline_tool",
        tool_name: "health_check",
        arguments: {},
        correlation_id: "preflight_codebase",
      },
    };
  }
  if (state.phase === "codebase" && result?.kind === "tool_result") {
    if (!result.success) {
      const failed = withError(
        state,
        "upstream_failure",
        `codebase server probe failed: ${result.error ?? ""}`,
        env.now,
      );
      return { state: failed, action: { kind: "failed", reason: CODEBASE_INSTALL_HINT, step: "preflight" } };
    }
    return { state: moveTo(state, "context_detection"), messages: [info("Codebase server reachable.")] };
  }
  throw new Error(`preflight has no transition from phase "${state.phase}"`);
};
