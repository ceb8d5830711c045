// Output schemas shared by more than one tool: the verification plan and its conclusion.
import { z } from "zod";
import { pagedBatchSchema } from "../run-model/answer-schemas.js";
import { policySchema } from "../verification/policy.js";
import {
  claimSchema,
  documentResultSchema,
  judgePlanSchema,
  judgeVerdictSchema,
} from "../verification/types.js";

const count = z.number().int().min(0);

/** The budget of a claim set; loose, so a figure the budget gains reaches the host before this lists it. */
const budgetSchema = z.looseObject({
  claims: count,
  mechanical: count,
  subjective: count,
  full_fleet: count,
  limit: count,
  over_budget: z.boolean(),
});

/** plan_section_verification and plan_document_verification: the claims, the budget and the judges. */
export const verificationPlanSchema = z.object({
  claims: z.array(claimSchema),
  budget: budgetSchema,
  choice_required: z.boolean(),
  plan: judgePlanSchema.nullable(),
  action: pagedBatchSchema.nullable(),
  part: count,
  next_part: count.nullable(),
});

/** conclude_verification: per-claim consensus, every verdict, and the implementation policy. */
export const verificationConclusionSchema = z.object({
  result: documentResultSchema,
  verdicts: z.array(judgeVerdictSchema),
  policy: policySchema,
  structural_error: z.string().nullable(),
});
