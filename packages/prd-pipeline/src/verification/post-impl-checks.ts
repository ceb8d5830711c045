// What the post-implementation checks and the verdicts mean for the pull request: a check that did not run is
// skipped with its reason (never "failed"), and a missing test or review verdict blocks the pull request.
import type { CheckRecord, ImplementationState } from "../run-model/loop-state.js";
import type { ToolResult } from "../run-model/protocol.js";

/** A tool that answered but reports a failed check (`passed: false` or `ok: false`). */
function failedCheck(data: unknown): boolean {
  if (data === null || typeof data !== "object") return false;
  const d = data as { passed?: unknown; ok?: unknown };
  return d.passed === false || d.ok === false;
}

/**
 * One check's record from its tool's answer. A refused or failed call means the check never ran: it is
 * skipped with the server's reason, so nobody reads a problem into code that was not checked.
 */
export function checkRecord(name: string, result: ToolResult): CheckRecord {
  if (!result.success) {
    const reason = (result.error ?? "the tool gave no reason").slice(0, 300);
    return { name, ok: false, summary: `skipped: ${reason}`, skipped: reason };
  }
  const summary = JSON.stringify(result.data ?? null).slice(0, 300);
  return { name, ok: !failedCheck(result.data), summary };
}

/** How a check reads in a file or a message: ok, problem, or skipped with its reason. */
export function checkLine(check: CheckRecord): string {
  if (check.skipped) return `${check.name}: skipped (${check.skipped})`;
  return `${check.name}: ${check.ok ? "ok" : "problem"}`;
}

/** Checks that ran and found something; skipped ones are not among them. */
export function problems(checks: readonly CheckRecord[]): CheckRecord[] {
  return checks.filter((c) => !c.ok && !c.skipped);
}

/** Why the branch may not go to a pull request yet: a verdict the loop never got. Empty when it may. */
export function pullRequestBlockers(impl: ImplementationState): string[] {
  const blockers: string[] = [];
  if (!impl.tests || impl.tests.status === "UNKNOWN")
    blockers.push(`tests: ${impl.tests?.status ?? "not run"} (the testing step gave no TESTS: PASS or FAIL)`);
  if (!impl.review || impl.review.verdict === "UNKNOWN")
    blockers.push(
      `review verdict: ${impl.review?.verdict ?? "none"} (the review step gave no VERDICT: PASS or FAIL)`,
    );
  return blockers;
}
