// Shapes of verification: claims, judges, verdicts and results; zod schemas because state and tools carry them.
import { z } from "zod";

export const CLAIM_TYPES = [
  "architecture",
  "performance",
  "correctness",
  "security",
  "data_model",
  "test_coverage",
  "story_point_arithmetic",
  "fr_traceability",
  "risk",
  "acceptance_criteria_completeness",
  "cross_file_consistency",
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

/** In severity order: a tie between two verdicts goes to the later one. */
export const VERDICTS = ["PASS", "SPEC-COMPLETE", "NEEDS-RUNTIME", "INCONCLUSIVE", "FAIL"] as const;
export type Verdict = (typeof VERDICTS)[number];

export function severity(verdict: Verdict): number {
  return VERDICTS.indexOf(verdict);
}

export const claimSchema = z.object({
  claim_id: z.string(),
  claim_type: z.enum(CLAIM_TYPES),
  text: z.string(),
  evidence: z.string(),
  source_section: z.string(),
  /** The text names a deterministic check and the type allows one: no judge, verdict by rule. */
  mechanical: z.boolean(),
});
export type Claim = z.infer<typeof claimSchema>;

export const agentIdentitySchema = z.object({
  name: z.string(),
  subagent_type: z.string(),
  model: z.string(),
});
export type AgentIdentity = z.infer<typeof agentIdentitySchema>;

export const judgeVerdictSchema = z.object({
  claim_id: z.string(),
  judge: agentIdentitySchema,
  verdict: z.enum(VERDICTS),
  rationale: z.string(),
  caveats: z.array(z.string()),
  confidence: z.number().min(0).max(1),
});
export type JudgeVerdict = z.infer<typeof judgeVerdictSchema>;

export const plannedJudgeSchema = z.object({
  invocation_id: z.string(),
  claim_id: z.string(),
  judge: agentIdentitySchema,
});
export type PlannedJudge = z.infer<typeof plannedJudgeSchema>;

export const BUDGET_CHOICES = ["reduced", "full", "skip"] as const;
export type BudgetChoice = (typeof BUDGET_CHOICES)[number];

export const judgePlanSchema = z.object({
  choice: z.enum(BUDGET_CHOICES),
  namespace: z.string(),
  judges: z.array(plannedJudgeSchema),
});
export type JudgePlan = z.infer<typeof judgePlanSchema>;

export const claimResultSchema = z.object({
  claim_id: z.string(),
  claim_type: z.enum(CLAIM_TYPES),
  verdict: z.enum(VERDICTS),
  /** What the judges who gave this verdict said of it: the mean of their own confidences. */
  confidence: z.number(),
  /** The verdict's share of the panel's weight (weighted mode) or its posterior (Bayesian mode). */
  consensus_share: z.number().default(0),
  judges: z.number().int(),
  /** The consensus before the performance clamp, when the clamp changed it. */
  clamped_from: z.enum(VERDICTS).nullable(),
  measurement_method: z.string().nullable(),
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

export const distributionSchema = z.object({
  PASS: z.number().int(),
  "SPEC-COMPLETE": z.number().int(),
  "NEEDS-RUNTIME": z.number().int(),
  INCONCLUSIVE: z.number().int(),
  FAIL: z.number().int(),
});
export type Distribution = z.infer<typeof distributionSchema>;

export const documentResultSchema = z.object({
  claims_evaluated: z.number().int(),
  judges_invoked: z.number().int(),
  distribution: distributionSchema,
  distribution_suspicious: z.boolean(),
  /** Claim types whose panels agreed too easily: every judge PASS on each of several claims. */
  suspicious_panels: z.array(z.enum(CLAIM_TYPES)).default([]),
  /** Subjective claims nobody judged (skipped, or left out of a reduced sample), so a reader knows. */
  unjudged: z.array(z.string()).default([]),
  failures: z.array(z.string()),
  warnings: z.array(z.string()),
  claims: z.array(claimResultSchema),
});
export type DocumentResult = z.infer<typeof documentResultSchema>;

export function emptyDistribution(): Distribution {
  return { PASS: 0, "SPEC-COMPLETE": 0, "NEEDS-RUNTIME": 0, INCONCLUSIVE: 0, FAIL: 0 };
}
