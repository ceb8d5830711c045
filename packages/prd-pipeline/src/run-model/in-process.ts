// Tool calls the server answers itself: when a run's codebase or memory source is Archon, the reducer's
// call_pipeline_tool / call_cortex_tool actions are served here and never reach the host.
import type { Action, ToolCallAction, ToolResult } from "./protocol.js";
import type { RunState } from "./state.js";

/** One in-process server: answers a tool call as the external server would, never throws. */
export interface InProcessServer {
  answer(call: ToolCallAction): ToolResult;
}

export interface InProcessServers {
  codebase?: InProcessServer;
  memory?: InProcessServer;
}

/** More in-process answers than this between two host turns means a step is looping on them. */
export const MAX_IN_PROCESS_CALLS = 64;

/** The server that answers this action for this run, if the run's sources say it is served in-process. */
export function inProcessServerFor(
  state: RunState,
  action: Action,
  servers: InProcessServers,
): InProcessServer | undefined {
  if (action.kind === "call_pipeline_tool" && state.sources.codebase === "archon") return servers.codebase;
  if (action.kind === "call_cortex_tool" && state.sources.memory === "archon") return servers.memory;
  return undefined;
}

/** Calls a server, turning a throw into the failed tool_result a host would submit. */
export function answerSafely(server: InProcessServer, call: ToolCallAction): ToolResult {
  try {
    return server.answer(call);
  } catch (error) {
    return {
      kind: "tool_result",
      correlation_id: call.correlation_id,
      success: false,
      error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
    };
  }
}
