// Verification for a PRD the host already has: plan judges for claims, then conclude from their replies.
import { boundAction } from "../run-model/bounding.js";
import type { SpawnSubagents, SubagentBatchResult } from "../run-model/protocol.js";
import { type BudgetInfo, budgetOf, planJudges, samePlan } from "./budget.js";
import { type ConsensusOptions, concludeDocument, ruleTierVerdicts } from "./consensus.js";
import { judgeBatch } from "./judge-batch.js";
import { parseBatch, structuralMismatch } from "./parse-verdicts.js";
import { applyPolicy, type Policy } from "./policy.js";
import type { BudgetChoice, Claim, DocumentResult, JudgePlan, JudgeVerdict } from "./types.js";

export const TOOL_JUDGE_PREFIX = "verify_judge";

export interface VerificationPlan {
  claims: Claim[];
  budget: BudgetInfo;
  /** Over budget and no choice given: ask the user, then call again with `choice`. */
  choice_required: boolean;
  plan: JudgePlan | null;
  /** The judges to spawn, exactly like a pipeline `spawn_subagents` action; paged when very large. */
  action: SpawnSubagents | null;
  part: number;
  next_part: number | null;
}

export function planVerification(
  claims: Claim[],
  options: { choice?: BudgetChoice; namespace: string; feature: string; part?: number },
): VerificationPlan {
  const budget = budgetOf(claims, options.namespace);
  const part = options.part ?? 0;
  if (budget.over_budget && !options.choice) {
    return { claims, budget, choice_required: true, plan: null, action: null, part, next_part: null };
  }
  const plan = planJudges(claims, options.choice ?? "full", options.namespace, TOOL_JUDGE_PREFIX);
  const bounded = boundAction(judgeBatch("verify", plan, claims, options.feature), part, 60_000);
  return {
    claims,
    budget,
    choice_required: false,
    plan,
    action: bounded.action as SpawnSubagents,
    part,
    next_part: bounded.next_part as number | null,
  };
}

export interface VerificationConclusion {
  result: DocumentResult;
  verdicts: JudgeVerdict[];
  policy: Policy;
  structural_error: string | null;
}

export function concludeVerification(
  claims: Claim[],
  plan: JudgePlan,
  responses: SubagentBatchResult["responses"],
  options: ConsensusOptions = {},
): VerificationConclusion {
  const rebuilt = planJudges(claims, plan.choice, plan.namespace, TOOL_JUDGE_PREFIX);
  const mismatch = !samePlan(rebuilt, plan);
  const verdicts = mismatch
    ? structuralMismatch(plan.judges, ruleTierVerdicts(claims))
    : [...ruleTierVerdicts(claims), ...parseBatch(plan.judges, responses)];
  const result = concludeDocument(claims, verdicts, options);
  return {
    result,
    verdicts,
    policy: applyPolicy(claims, verdicts, result),
    structural_error: mismatch
      ? "structural: the plan rebuilt from these claims differs from the plan given; every verdict is INCONCLUSIVE"
      : null,
  };
}
