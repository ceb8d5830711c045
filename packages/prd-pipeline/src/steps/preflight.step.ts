// Step 2: probes the memory server (optional) and, with a codebase path, the codebase server (required).
import type { Message } from "../run-model/protocol.js";
import { type RunStateAt, withError } from "../run-model/state.js";
import { info, moveTo, noTransition, type StepHandler, type StepOutcome, warning } from "./step-kit.js";

export const CODEBASE_INSTALL_HINT =
  "The codebase server (ai-architect-mcp-codebase, server key `ai-architect`) did not answer, and a codebase " +
  "path was given. Register it in the project's .mcp.json, restart the host so it loads the server, then " +
  "start the pipeline again; or start it without codebase_path to write the PRD without codebase grounding. " +
  "A project with Archon needs no codebase server: start archon-prd with --codebase archon.";

export const ARCHON_INDEX_HINT =
  "Archon's database could not be read for grounding. Run `archon setup` (or `archon reindex-symbols`) in the " +
  "project, or start archon-prd with --codebase none to write the PRD without codebase grounding.";

function probeCodebase(state: RunStateAt<"preflight">, messages: Message[]): StepOutcome {
  if (!state.codebase_path) return { state: moveTo(state, "context_detection"), messages };
  return {
    state: { ...state, phase: "codebase" },
    messages,
    action: {
      kind: "call_pipeline_tool",
      tool_name: "health_check",
      arguments: {},
      correlation_id: "preflight_codebase",
    },
  };
}

export const preflightStep: StepHandler<"preflight"> = (state, result, env) => {
  if (state.phase === "start") {
    if (state.skip_preflight) {
      return { state: moveTo(state, "context_detection"), messages: [info("Preflight skipped on request.")] };
    }
    if (state.sources.memory === "none")
      return probeCodebase(state, [info("Memory is off for this run (--memory none): recall is skipped.")]);
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
    const messages: Message[] = [];
    if (result.success && state.sources.memory === "archon")
      messages.push(info("Recall comes from Archon's knowledge base (no memory server needed)."));
    else if (result.success) messages.push(info("Memory server reachable: recall is on for this run."));
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
    return probeCodebase(next, messages);
  }
  if (state.phase === "codebase" && result?.kind === "tool_result") {
    if (!result.success) {
      const failed = withError(
        state,
        "upstream_failure",
        `codebase server probe failed: ${result.error ?? ""}`,
        env.now,
      );
      const reason = state.sources.codebase === "archon" ? ARCHON_INDEX_HINT : CODEBASE_INSTALL_HINT;
      return { state: failed, action: { kind: "failed", reason, step: "preflight" } };
    }
    const text =
      state.sources.codebase === "archon"
        ? "Grounding comes from Archon's own symbol index and rules (no codebase server needed)."
        : "Codebase server reachable.";
    return { state: moveTo(state, "context_detection"), messages: [info(text)] };
  }
  throw noTransition("preflight", state.phase);
};
