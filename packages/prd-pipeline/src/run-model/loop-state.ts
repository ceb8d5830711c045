// Run-state parts of steps 11-20: verification, the implementation loop, and strategy evidence.
import { z } from "zod";
import { policySchema } from "../verification/policy.js";
import {
  BUDGET_CHOICES,
  claimSchema,
  documentResultSchema,
  judgePlanSchema,
  judgeVerdictSchema,
} from "../verification/types.js";

export const verificationStateSchema = z.object({
  claims: z.array(claimSchema),
  /** How the user answered the budget question; null until the plan is made. */
  choice: z.enum(BUDGET_CHOICES).nullable(),
  /** The plan that was dispatched; rebuilt and compared when the replies arrive. */
  plan: judgePlanSchema.nullable(),
  verdicts: z.array(judgeVerdictSchema),
  result: documentResultSchema.nullable(),
  graph_validation: z.json().nullable(),
  policy: policySchema.nullable(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

export const footerSchema = z.object({
  branch: z.string(),
  worktree: z.string(),
  sha: z.string(),
  files: z.array(z.string()),
});
export type ImplementationFooter = z.infer<typeof footerSchema>;

const checkSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  summary: z.string(),
  /** Why the check did not run (its tool is not served, or failed): a skipped check is no problem found. */
  skipped: z.string().optional(),
});
export type CheckRecord = z.infer<typeof checkSchema>;

export const implementationStateSchema = z.object({
  decision: z.enum(["implement", "override", "prd_only"]).nullable(),
  impacts: z.array(checkSchema),
  /** Review FAILs sent back to implementation so far (at most 3). */
  loops: z.number().int().min(0),
  footer: footerSchema.nullable(),
  footer_error: z.string().nullable(),
  engineer_summary: z.string().nullable(),
  post_checks: z.array(checkSchema),
  tests: z.object({ status: z.enum(["PASS", "FAIL", "UNKNOWN"]), failures: z.array(z.string()) }).nullable(),
  review: z
    .object({ verdict: z.enum(["PASS", "FAIL", "UNKNOWN"]), findings: z.array(z.string()) })
    .nullable(),
  pr_decision: z.enum(["push", "no"]).nullable(),
  pr_url: z.string().nullable(),
});
export type ImplementationState = z.infer<typeof implementationStateSchema>;

export const strategyAssignmentSchema = z.object({
  section: z.string(),
  strategy: z.string(),
  characteristics: z.array(z.string()),
});
export const strategyExecutionSchema = z.object({
  strategy: z.string(),
  section: z.string(),
  characteristics: z.array(z.string()),
  compliant: z.boolean(),
  confidence_gain: z.number(),
});
export type StrategyExecution = z.infer<typeof strategyExecutionSchema>;

export function emptyImplementation(): ImplementationState {
  return {
    decision: null,
    impacts: [],
    loops: 0,
    footer: null,
    footer_error: null,
    engineer_summary: null,
    post_checks: [],
    tests: null,
    review: null,
    pr_decision: null,
    pr_url: null,
  };
}
