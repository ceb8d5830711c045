// Step 15: index the worktree, detect changes, verify the semantic diff, check security gates (4 calls).
import type { Action } from "../run-model/protocol.js";
import { type RunState, type RunStateAt, withError } from "../run-model/state.js";
import { outputDir } from "../sections/file-plan.js";
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

export const POST_IMPL_CALLS = [
  "index_codebase",
  "detect_changes",
  "verify_semantic_diff",
  "check_security_gates",
] as const;
const SHORT: Record<(typeof POST_IMPL_CALLS)[number], string> = {
  index_codebase: "index",
  detect_changes: "changes",
  verify_semantic_diff: "semantic_diff",
  check_security_gates: "security",
};

function call(state: RunState, index: number): Action {
  const tool = POST_IMPL_CALLS[index] ?? "index_codebase";
  const f = state.implementation.footer;
  const worktree = f?.worktree ?? "";
  const base = { path: worktree, output_dir: workFolder(worktree) };
  const args: Record<string, Record<string, unknown>> = {
    index_codebase: { ...base, language: "auto" },
    detect_changes: { ...base, branch: f?.branch, sha: f?.sha },
    verify_semantic_diff: { ...base, prd_dir: outputDir(state.run_id), files: f?.files ?? [] },
    check_security_gates: { ...base, files: f?.files ?? [] },
  };
  return {
    kind: "call_pipeline_tool",
    tool_name: tool,
    arguments: args[tool] ?? base,
    correlation_id: `post_impl_${SHORT[tool]}_a${state.implementation.loops + 1}`,
  };
}

/** A tool that answered but reports a failed check (`passed: false` or `ok: false`). */
function failedCheck(data: unknown): boolean {
  if (data === null || typeof data !== "object") return false;
  const d = data as { passed?: unknown; ok?: unknown };
  return d.passed === false || d.ok === false;
}

function advance(state: RunStateAt<"post_impl_verification">): StepOutcome {
  const index = state.implementation.post_checks.length;
  if (index < POST_IMPL_CALLS.length)
    return { state: { ...state, phase: "check" }, action: call(state, index) };
  const bad = state.implementation.post_checks.filter((c) => !c.ok).map((c) => c.name);
  return {
    state: moveTo(state, "testing"),
    messages: [
      info(
        bad.length === 0
          ? "Post-implementation checks passed."
          : `Post-implementation checks with problems: ${bad.join(", ")}.`,
      ),
    ],
  };
}

export const postImplVerificationStep: StepHandler<"post_impl_verification"> = (
  state,
  result,
  env: StepEnv,
) => {
  if (state.phase === "start") {
    if (!state.codebase_path) {
      return {
        state: moveTo(state, "testing"),
        messages: [info("No codebase server for this run: post-implementation checks skipped.")],
      };
    }
    return advance({ ...state, implementation: { ...state.implementation, post_checks: [] } });
  }
  if (state.phase === "check" && result?.kind === "tool_result") {
    const name = POST_IMPL_CALLS[state.implementation.post_checks.length] ?? "?";
    const ok = result.success && !failedCheck(result.data);
    const summary = result.success
      ? JSON.stringify(result.data ?? null).slice(0, 300)
      : (result.error ?? "no detail");
    let next: RunState = {
      ...state,
      implementation: {
        ...state.implementation,
        post_checks: [...state.implementation.post_checks, { name, ok, summary }],
      },
    };
    if (!result.success) {
      next = withError(next, "upstream_failure", `${name} failed: ${summary}`, env.now);
      const out = advance(next);
      return {
        ...out,
        messages: [warning(`${name} failed; the reviewer is told.`), ...(out.messages ?? [])],
      };
    }
    return advance(next);
  }
  throw noTransition("post_impl_verification", state.phase);
};
