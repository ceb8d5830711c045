// Step 12: applies the verification policy, writes 10-verification-report.md, asks "Implement" or "PRD only".
import type { AskUser } from "../run-model/protocol.js";
import type { RunState } from "../run-model/state.js";
import { outputDir } from "../sections/file-plan.js";
import { concludeDocument } from "../verification/consensus.js";
import { applyPolicy, type Policy } from "../verification/policy.js";
import { verificationReport } from "../verification/report.js";
import { gateAnswer, info, moveTo, noTransition, type StepHandler, warning } from "./step-kit.js";

export const IMPLEMENT = "Implement";
export const OVERRIDE = "Override: implement anyway";
export const PRD_ONLY = "PRD only";

export function reportPath(state: RunState): string {
  return `${outputDir(state.run_id)}/10-verification-report.md`;
}

function policyOf(state: RunState): Policy {
  const v = state.verification;
  const claims = v?.claims ?? [];
  const verdicts = v?.verdicts ?? [];
  return applyPolicy(claims, verdicts, v?.result ?? concludeDocument(claims, verdicts));
}

function gateQuestion(policy: Policy): AskUser {
  const blocked = policy.decision === "block";
  return {
    kind: "ask_user",
    question_id: "implementation_gate",
    header: blocked ? "Verification blocks implementation" : "Implement this PRD?",
    description: `Verification policy: ${policy.decision}. ${policy.reasons.join("; ")}.`,
    options: [
      blocked
        ? { label: OVERRIDE, description: "Implement although verification found failures" }
        : { label: IMPLEMENT, description: "Build it in an isolated worktree, test it, review it" },
      { label: PRD_ONLY, description: "Stop here with the PRD files" },
    ],
    multi_select: false,
  };
}

export const implementationGateStep: StepHandler<"implementation_gate"> = (state, result) => {
  if (state.phase === "start") {
    const policy = policyOf(state);
    const content = verificationReport(state, policy);
    const next: RunState = {
      ...state,
      phase: "report",
      verification: state.verification ? { ...state.verification, policy } : null,
    };
    return { state: next, action: { kind: "write_file", path: reportPath(state), content } };
  }
  const policy = state.verification?.policy ?? policyOf(state);
  if (state.phase === "report" && result?.kind === "file_written") {
    const files = [...state.files, { path: result.path, bytes: result.bytes, confirmed: true }];
    return { state: { ...state, files, phase: "ask" }, action: gateQuestion(policy) };
  }
  if (state.phase === "ask" && result?.kind === "user_answer") {
    const { answer, refusal } = gateAnswer(result);
    if (refusal) return { state, messages: [warning(refusal)], action: gateQuestion(policy) };
    const blocked = policy.decision === "block";
    const impl = state.implementation;
    if (answer === PRD_ONLY) {
      return {
        state: moveTo({ ...state, implementation: { ...impl, decision: "prd_only" } }, "finalize"),
        messages: [info("PRD only: no implementation.")],
      };
    }
    if ((answer === IMPLEMENT && !blocked) || (answer === OVERRIDE && blocked)) {
      const decision = blocked ? ("override" as const) : ("implement" as const);
      return {
        state: moveTo({ ...state, implementation: { ...impl, decision } }, "pre_impl_grounding"),
        messages: [
          info(blocked ? "Implementing despite the verification block (override)." : "Implementing."),
        ],
      };
    }
    const allowed = blocked ? [OVERRIDE, PRD_ONLY] : [IMPLEMENT, PRD_ONLY];
    return {
      state,
      messages: [warning(`Answer "${allowed.join('" or "')}" (got "${answer}").`)],
      action: gateQuestion(policy),
    };
  }
  throw noTransition("implementation_gate", state.phase);
};
