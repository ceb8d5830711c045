// Step 15: index the worktree, detect changes, verify the semantic diff, check security gates (4 calls).
import type { Action } from "../run-model/protocol.js";
import type { RunState, RunStateAt } from "../run-model/state.js";
import { outputDir } from "../sections/file-plan.js";
import { checkLine, checkRecord, problems } from "../verification/post-impl-checks.js";
import { workFolder } from "./input-analysis.step.js";
import { info, moveTo, noTransition, type StepHandler, type StepOutcome, warning } from "./step-kit.js";

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

function advance(state: RunStateAt<"post_impl_verification">): StepOutcome {
  const index = state.implementation.post_checks.length;
  if (index < POST_IMPL_CALLS.length)
    return { state: { ...state, phase: "check" }, action: call(state, index) };
  const checks = state.implementation.post_checks;
  const bad = problems(checks).map((c) => c.name);
  const skipped = checks.filter((c) => c.skipped).map(checkLine);
  return {
    state: moveTo(state, "testing"),
    messages: [
      info(
        bad.length === 0
          ? "Post-implementation checks found no problem."
          : `Post-implementation checks with problems: ${bad.join(", ")}.`,
      ),
      ...(skipped.length > 0 ? [warning(`Not run: ${skipped.join("; ")}.`)] : []),
    ],
  };
}

export const postImplVerificationStep: StepHandler<"post_impl_verification"> = (state, result) => {
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
    const record = checkRecord(name, result);
    const next: RunState = {
      ...state,
      implementation: { ...state.implementation, post_checks: [...state.implementation.post_checks, record] },
    };
    return advance(next);
  }
  throw noTransition("post_impl_verification", state.phase);
};
