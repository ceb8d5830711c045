// Prompts for the implementation loop: engineer, test engineer, code reviewer and the PR engineer.
import type { RunState } from "../run-model/state.js";
import { outputDir } from "./file-plan.js";

function passed(state: RunState, types: readonly string[]): string {
  return state.sections
    .filter((s) => s.status === "passed" && types.includes(s.type))
    .map((s) => s.content ?? "")
    .join("\n\n")
    .slice(0, 12_000);
}

function worktreeLine(state: RunState): string {
  const f = state.implementation.footer;
  return f ? `Worktree: ${f.worktree} (branch ${f.branch}, commit ${f.sha})` : "Worktree: unknown";
}

export function implementationPrompt(state: RunState): string {
  const impl = state.implementation;
  const parts = [
    "You are implementing a feature from its PRD, in an isolated git worktree.",
    `Feature: ${state.feature_description}`,
    `Implementation attempt: ${impl.loops + 1}`,
    `PRD files: ${outputDir(state.run_id)}/`,
    "<prd>",
    passed(state, [
      "requirements",
      "technical_specification",
      "acceptance_criteria",
      "data_model",
      "api_specification",
    ]),
    "</prd>",
  ];
  if (impl.impacts.length > 0) {
    parts.push(
      "<impact>",
      ...impl.impacts.map((i) => `- ${i.name}: ${i.ok ? i.summary : "no impact data"}`),
      "</impact>",
    );
  }
  if (impl.review?.verdict === "FAIL") {
    parts.push(
      "The previous attempt failed review. Fix every finding:",
      "<findings>",
      ...impl.review.findings.map((f) => `- ${f}`),
      "</findings>",
    );
  }
  parts.push(
    "Commit your work on a new branch in the worktree. End your reply with exactly this footer:",
    "BRANCH: <branch name>",
    "WORKTREE: <absolute path of the worktree>",
    "SHA: <commit hash>",
    "FILES: <comma-separated paths you changed>",
  );
  return parts.join("\n");
}

export function testingPrompt(state: RunState): string {
  const impl = state.implementation;
  return [
    "You are testing a fresh implementation against its PRD. Work in the existing worktree; do not create another.",
    worktreeLine(state),
    `Changed files: ${impl.footer?.files.join(", ") ?? "unknown"}`,
    "<acceptance_criteria>",
    passed(state, ["acceptance_criteria", "testing"]),
    "</acceptance_criteria>",
    "Write or extend tests for every acceptance criterion, run the suite, and end your reply with:",
    "TESTS: PASS|FAIL",
    "FAILURES: <semicolon-separated failing tests, or none>",
  ].join("\n");
}

export function reviewPrompt(state: RunState): string {
  const impl = state.implementation;
  const checks = impl.post_checks.filter((c) => !c.ok && !c.skipped).map((c) => `- ${c.name}: ${c.summary}`);
  const failures = (impl.tests?.failures ?? []).map((f) => `- test failure: ${f}`);
  return [
    "You are reviewing an implementation against its PRD.",
    worktreeLine(state),
    `Changed files: ${impl.footer?.files.join(", ") ?? "unknown"}`,
    "<prd>",
    passed(state, ["requirements", "technical_specification", "acceptance_criteria"]),
    "</prd>",
    checks.length + failures.length > 0
      ? `<known_problems>\n${[...checks, ...failures].join("\n")}\n</known_problems>`
      : "",
    "Review correctness, security and fit with the PRD. End your reply with:",
    "VERDICT: PASS|FAIL",
    "FINDINGS: <semicolon-separated findings, or none>",
  ]
    .filter((l) => l !== "")
    .join("\n");
}

export function prPrompt(state: RunState): string {
  const impl = state.implementation;
  return [
    "Push the implementation branch and open a pull request.",
    worktreeLine(state),
    `Title: ${state.feature_description}`,
    `Body: link the PRD in ${outputDir(state.run_id)}/ and summarise: ${impl.engineer_summary?.slice(0, 500) ?? ""}`,
    `Review verdict: ${impl.review?.verdict ?? "none"}; tests: ${impl.tests?.status ?? "not run"}.`,
    "End your reply with:",
    "PR_URL: <the pull request URL>",
  ].join("\n");
}
