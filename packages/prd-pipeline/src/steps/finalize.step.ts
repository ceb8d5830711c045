// Step 20: stores the run in memory (failure tolerated), then `done` with summary and artifacts.
import type { Action, DoneVerification } from "../run-model/protocol.js";
import { type RunState, withError } from "../run-model/state.js";
import { outputDir } from "../sections/file-plan.js";
import { noTransition, type StepHandler, warning } from "./step-kit.js";

export function summaryOf(state: RunState): string {
  const passed = state.sections.filter((s) => s.status === "passed").length;
  const written = state.files.filter((f) => f.confirmed).length;
  return (
    `PRD for "${state.feature_description}" (${state.prd_context ?? "unknown"} context): ` +
    `${passed} of ${state.sections.length} sections passed validation; ${written} files written to ${outputDir(state.run_id)}/.` +
    verificationSentence(state) +
    implementationSentence(state)
  );
}

function verificationSentence(state: RunState): string {
  const v = state.verification;
  if (!v?.result) return "";
  return ` Verification: ${v.result.claims_evaluated} of ${v.claims.length} claims evaluated, ${v.result.failures.length} FAIL, policy ${v.policy?.decision ?? "not applied"}.`;
}

function implementationSentence(state: RunState): string {
  const impl = state.implementation;
  if (impl.decision === null || impl.decision === "prd_only")
    return impl.decision ? " PRD only: not implemented." : "";
  if (impl.footer_error) return ` Implementation ended without a usable footer (${impl.footer_error}).`;
  const f = impl.footer;
  const pr = impl.pr_url ? ` Pull request: ${impl.pr_url}.` : impl.pr_decision === "no" ? " Not pushed." : "";
  return ` Implemented on ${f?.branch ?? "?"} (review ${impl.review?.verdict ?? "none"} after ${impl.loops} loop(s)).${pr}`;
}

/** What `done` reports about verification: null when self-check never ran. */
export function doneVerification(state: RunState): DoneVerification | null {
  const v = state.verification;
  if (!v?.result) return null;
  return {
    claims_evaluated: v.result.claims_evaluated,
    distribution: v.result.distribution,
    distribution_suspicious: v.result.distribution_suspicious,
    verdicts: v.verdicts,
    subjective_claims: v.claims.filter((c) => !c.mechanical).length,
  };
}

function implementationArtifacts(state: RunState): string[] {
  const impl = state.implementation;
  const out: string[] = [];
  if (state.verification?.policy) out.push(`verification policy: ${state.verification.policy.decision}`);
  if (impl.footer) out.push(`branch: ${impl.footer.branch} at ${impl.footer.sha}`);
  if (impl.review) out.push(`review: ${impl.review.verdict} after ${impl.loops} loop(s)`);
  if (impl.pr_url) out.push(`pull request: ${impl.pr_url}`);
  return out;
}

function done(state: RunState): Action {
  const artifacts = [
    ...state.sections.map(
      (s) => `${s.type}: ${s.status}${s.score === null ? "" : ` (score ${s.score.toFixed(2)})`}`,
    ),
    `jira_tickets: ${state.jira.status}`,
    ...state.files.filter((f) => f.confirmed).map((f) => `file: ${f.path}`),
    ...implementationArtifacts(state),
  ];
  return { kind: "done", summary: summaryOf(state), artifacts, verification: doneVerification(state) };
}

export const finalizeStep: StepHandler<"finalize"> = (state, result, env) => {
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
  throw noTransition("finalize", state.phase);
};
