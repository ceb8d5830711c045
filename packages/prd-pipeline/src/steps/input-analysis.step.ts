// Step 4: one global recall, then (with a codebase) an ignore file, indexing, PRD input and git history.
import type { Action, Message, SubagentBatchResult, ToolResult } from "../run-model/protocol.js";
import { type RunStateAt, withError } from "../run-model/state.js";
import { gitHistoryPrompt } from "../sections/draft-prompt.js";
import { parseRecall, RECALL_MAX_RESULTS } from "../sections/recall.js";
import {
  info,
  moveTo,
  noTransition,
  type StepEnv,
  type StepHandler,
  type StepOutcome,
  spawnOne,
  warning,
} from "./step-kit.js";

/** The codebase server's work folder inside the codebase; its graph artefacts stay out of version control. */
export function workFolder(codebase: string): string {
  return `${codebase.replace(/\/+$/, "")}/.archon-prd`;
}

/** The ignore file of the work folder, relative to the project directory like every write_file path. */
export function ignoreFilePath(codebaseDir: string): string {
  const dir = codebaseDir.replace(/\/+$/, "");
  return dir === "." || dir === "" ? ".archon-prd/.gitignore" : `${dir}/.archon-prd/.gitignore`;
}

function indexAction(codebase: string): Action {
  return {
    kind: "call_pipeline_tool",
    tool_name: "index_codebase",
    arguments: { path: codebase, output_dir: workFolder(codebase), language: "auto" },
    correlation_id: "input_analysis_index",
  };
}

function toCodebase(state: RunStateAt<"input_analysis">, messages: Message[]): StepOutcome {
  if (!state.codebase_path) return { state: moveTo(state, "feasibility_gate"), messages };
  // Archon's index writes no artefacts into the codebase, so there is nothing to keep out of git.
  if (state.sources.codebase === "archon")
    return { state: { ...state, phase: "index" }, messages, action: indexAction(state.codebase_path) };
  if (state.codebase_dir === null) {
    const note = warning(
      "The codebase is outside the project directory: no ignore file is written for its work folder.",
    );
    return {
      state: { ...state, phase: "index" },
      messages: [...messages, note],
      action: indexAction(state.codebase_path),
    };
  }
  const action: Action = {
    kind: "write_file",
    path: ignoreFilePath(state.codebase_dir),
    content: "# Written by archon-prd: codebase graph artefacts are not source.\n*\n",
  };
  return { state: { ...state, phase: "ignore" }, messages, action };
}

function gitHistory(state: RunStateAt<"input_analysis">, env: StepEnv, messages: Message[]): StepOutcome {
  return {
    state: { ...state, phase: "git_history" },
    messages,
    action: spawnOne(
      {
        purpose: "review",
        batch_id: "input_analysis_git_history",
        invocation_id: "input_analysis_git_history_0001",
        role: "git-historian",
        description: "Summarise relevant git history",
        prompt: gitHistoryPrompt(state),
      },
      env,
    ),
  };
}

/** Archon's index says how much it holds; a codebase server's answer is opaque. */
function indexedMessage(state: RunStateAt<"input_analysis">, codebase: string, data: unknown): string {
  const index = (data as { index?: { files?: unknown; symbols?: unknown } | null } | null)?.index;
  if (state.sources.codebase !== "archon") return `Codebase indexed: ${codebase}`;
  if (!index)
    return "Archon has no symbol index for this project yet (`archon reindex-symbols` builds it): grounding uses its rules only.";
  return `Grounding from Archon's symbol index: ${String(index.files)} files, ${String(index.symbols)} symbols.`;
}

/** One global recall of the feature; a failed recall goes on without memory. */
function afterRecall(state: RunStateAt<"input_analysis">, result: ToolResult, env: StepEnv): StepOutcome {
  if (result.success) {
    const global_recall = parseRecall(result.data);
    return toCodebase({ ...state, global_recall }, [info(`Recalled ${global_recall.length} memories.`)]);
  }
  const next = withError(state, "upstream_failure", `recall failed: ${result.error ?? "no detail"}`, env.now);
  return toCodebase({ ...next, memory_available: false }, [
    warning("Recall failed: continuing without memory."),
  ]);
}

/** An index that failed ends the run (nothing downstream can ground); one that succeeded asks for the PRD input. */
function afterIndex(
  state: RunStateAt<"input_analysis">,
  codebase: string,
  result: ToolResult,
  env: StepEnv,
): StepOutcome {
  if (!result.success) {
    const failed = withError(
      state,
      "upstream_failure",
      `index_codebase failed: ${result.error ?? ""}`,
      env.now,
    );
    return {
      state: failed,
      action: {
        kind: "failed",
        reason: `The codebase server could not index ${codebase}: ${result.error ?? "no detail"}`,
        step: "input_analysis",
      },
    };
  }
  return {
    state: { ...state, phase: "prepare" },
    messages: [info(indexedMessage(state, codebase, result.data))],
    action: {
      kind: "call_pipeline_tool",
      tool_name: "prepare_prd_input",
      arguments: { path: codebase, output_dir: workFolder(codebase), feature: state.feature_description },
      correlation_id: "input_analysis_prepare",
    },
  };
}

/** The codebase analysis is the grounding; without it the PRD is written ungrounded. */
function afterPrepare(state: RunStateAt<"input_analysis">, result: ToolResult, env: StepEnv): StepOutcome {
  if (result.success) {
    const grounding = JSON.parse(JSON.stringify(result.data ?? null));
    return gitHistory({ ...state, grounding }, env, []);
  }
  const next = withError(
    state,
    "upstream_failure",
    `prepare_prd_input failed: ${result.error ?? ""}`,
    env.now,
  );
  return gitHistory(next, env, [warning("Codebase analysis failed: the PRD is written without grounding.")]);
}

function afterGitHistory(state: RunStateAt<"input_analysis">, result: SubagentBatchResult): StepOutcome {
  const text = result.responses.find((r) => r.raw_text)?.raw_text ?? null;
  return {
    state: moveTo({ ...state, git_history: text ? text.slice(0, 4000) : null }, "feasibility_gate"),
    messages: text ? [] : [warning("Git history was not available.")],
  };
}

export const inputAnalysisStep: StepHandler<"input_analysis"> = (state, result, env) => {
  const codebase = state.codebase_path ?? "";
  switch (state.phase) {
    case "start":
      if (!state.memory_available) return toCodebase(state, []);
      return {
        state: { ...state, phase: "recall" },
        action: {
          kind: "call_cortex_tool",
          tool_name: "recall",
          arguments: { query: state.feature_description, max_results: RECALL_MAX_RESULTS },
          correlation_id: "input_analysis_recall",
        },
      };
    case "recall":
      if (result?.kind === "tool_result") return afterRecall(state, result, env);
      break;
    case "ignore":
      return { state: { ...state, phase: "index" }, action: indexAction(codebase) };
    case "index":
      if (result?.kind === "tool_result") return afterIndex(state, codebase, result, env);
      break;
    case "prepare":
      if (result?.kind === "tool_result") return afterPrepare(state, result, env);
      break;
    case "git_history":
      if (result?.kind === "subagent_batch_result") return afterGitHistory(state, result);
      break;
  }
  throw noTransition("input_analysis", state.phase);
};
