// Step 18: writes 08-source-code.md and 09-test-code.md, then always asks whether to push and open a PR.
import type { AskUser, WriteFile } from "../run-model/protocol.js";
import type { RunState } from "../run-model/state.js";
import { outputDir } from "../sections/file-plan.js";
import { checkLine, pullRequestBlockers } from "../verification/post-impl-checks.js";
import { gateAnswer, info, moveTo, noTransition, type StepHandler, warning } from "./step-kit.js";

export const PUSH = "Push and open a PR";
export const NO_PUSH = "Do not push";

function header(state: RunState, title: string): string {
  return `# ${title}: ${state.feature_description}\n\nRun \`${state.run_id}\`, PRD context: ${state.prd_context ?? "unknown"}.\n`;
}

export function sourceFile(state: RunState): WriteFile {
  const impl = state.implementation;
  const f = impl.footer;
  const body = [
    header(state, "Source Code"),
    "## Source Code",
    "",
    `- Branch: \`${f?.branch ?? "-"}\``,
    `- Worktree: \`${f?.worktree ?? "-"}\``,
    `- Commit: \`${f?.sha ?? "-"}\``,
    `- Review loops: ${impl.loops}`,
    "",
    "Changed files:",
    "",
    ...(f?.files ?? []).map((p) => `- \`${p}\``),
    "",
    "Post-implementation checks:",
    "",
    ...(impl.post_checks.length === 0 ? ["- none ran"] : impl.post_checks.map((c) => `- ${checkLine(c)}`)),
    "",
    impl.engineer_summary ?? "",
    "",
  ];
  return {
    kind: "write_file",
    path: `${outputDir(state.run_id)}/08-source-code.md`,
    content: body.join("\n"),
  };
}

export function testFile(state: RunState): WriteFile {
  const impl = state.implementation;
  const body = [
    header(state, "Test Code"),
    "## Test Code",
    "",
    `Tests: ${impl.tests?.status ?? "not run"}.`,
    ...(impl.tests?.failures ?? []).map((x) => `- failing: ${x}`),
    "",
    `Review verdict: ${impl.review?.verdict ?? "none"}.`,
    ...(impl.review?.findings ?? []).map((x) => `- finding: ${x}`),
    "",
  ];
  return { kind: "write_file", path: `${outputDir(state.run_id)}/09-test-code.md`, content: body.join("\n") };
}

function question(state: RunState): AskUser {
  const impl = state.implementation;
  const blockers = pullRequestBlockers(impl);
  const push = { label: PUSH, description: "An engineer pushes the branch and opens the PR" };
  return {
    kind: "ask_user",
    question_id: "pr_gate",
    header:
      blockers.length === 0 ? "Push the branch and open a pull request?" : "No pull request without verdicts",
    description:
      blockers.length === 0
        ? `Branch ${impl.footer?.branch ?? "-"}; tests ${impl.tests?.status ?? "not run"}; review ${impl.review?.verdict ?? "none"}.`
        : `Branch ${impl.footer?.branch ?? "-"} stays local: missing ${blockers.join("; ")}.`,
    options: [
      ...(blockers.length === 0 ? [push] : []),
      { label: NO_PUSH, description: "Keep the branch local and finish" },
    ],
    multi_select: false,
  };
}

function confirm<T extends RunState>(state: T, path: string, bytes: number): T {
  const files = [...state.files.filter((f) => f.path !== path), { path, bytes, confirmed: true }];
  return { ...state, files };
}

export const prGateStep: StepHandler<"pr_gate"> = (state, result) => {
  if (state.phase === "start") return { state: { ...state, phase: "source" }, action: sourceFile(state) };
  if (state.phase === "source" && result?.kind === "file_written") {
    return {
      state: { ...confirm(state, result.path, result.bytes), phase: "tests" },
      action: testFile(state),
    };
  }
  if (state.phase === "tests" && result?.kind === "file_written") {
    return { state: { ...confirm(state, result.path, result.bytes), phase: "ask" }, action: question(state) };
  }
  if (state.phase === "ask" && result?.kind === "user_answer") {
    const { answer, refusal } = gateAnswer(result);
    if (refusal) return { state, messages: [warning(refusal)], action: question(state) };
    const impl = state.implementation;
    if (answer === PUSH && pullRequestBlockers(impl).length === 0)
      return { state: moveTo({ ...state, implementation: { ...impl, pr_decision: "push" } }, "pr_creation") };
    if (answer === NO_PUSH) {
      return {
        state: moveTo({ ...state, implementation: { ...impl, pr_decision: "no" } }, "finalize"),
        messages: [info("Not pushed: the branch stays local.")],
      };
    }
    const offered = question(state).options?.map((o) => o.label) ?? [NO_PUSH];
    return {
      state,
      messages: [warning(`Answer "${offered.join('" or "')}" (got "${answer}").`)],
      action: question(state),
    };
  }
  throw noTransition("pr_gate", state.phase);
};
