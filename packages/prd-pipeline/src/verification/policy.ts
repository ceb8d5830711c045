// The verification policy at the implementation gate: block on FAIL, ask when thinly judged or models disagree.
import { z } from "zod";
import type { Claim, DocumentResult, JudgeVerdict } from "./types.js";

export const policySchema = z.object({
  decision: z.enum(["proceed", "ask", "block"]),
  reasons: z.array(z.string()),
  subjective_claims: z.number().int(),
  judged_claims: z.number().int(),
  model_disagreements: z.array(z.string()),
});
export type Policy = z.infer<typeof policySchema>;

/** A usable verdict: one a judge actually gave (unusable replies carry confidence 0). */
function usable(v: JudgeVerdict): boolean {
  return v.judge.name !== "rule-tier" && v.confidence > 0;
}

/** Claims whose judges on different models gave different verdicts. */
export function modelDisagreements(verdicts: readonly JudgeVerdict[]): string[] {
  const byClaim = new Map<string, JudgeVerdict[]>();
  for (const v of verdicts.filter(usable)) byClaim.set(v.claim_id, [...(byClaim.get(v.claim_id) ?? []), v]);
  const out: string[] = [];
  for (const [claim, vs] of byClaim) {
    const models = new Set(vs.map((v) => v.judge.model));
    if (models.size > 1 && new Set(vs.map((v) => v.verdict)).size > 1) out.push(claim);
  }
  return out.sort();
}

export function applyPolicy(
  claims: readonly Claim[],
  verdicts: readonly JudgeVerdict[],
  result: DocumentResult,
): Policy {
  const subjective = claims.filter((c) => !c.mechanical);
  const judgedIds = new Set(verdicts.filter(usable).map((v) => v.claim_id));
  const judged = subjective.filter((c) => judgedIds.has(c.claim_id)).length;
  const disagreements = modelDisagreements(verdicts);
  const reasons: string[] = [];
  let decision: Policy["decision"] = "proceed";
  if (result.failures.length > 0) {
    decision = "block";
    reasons.push(`${result.failures.length} claim(s) FAIL: ${result.failures.join(", ")}`);
  }
  if (subjective.length > 0 && judged * 2 < subjective.length) {
    if (decision === "proceed") decision = "ask";
    reasons.push(`only ${judged} of ${subjective.length} subjective claims were judged`);
  }
  if (disagreements.length > 0) {
    if (decision === "proceed") decision = "ask";
    reasons.push(`judges on different models disagree on ${disagreements.join(", ")}`);
  }
  if (reasons.length === 0) reasons.push("no FAIL, most subjective claims judged, models agree");
  return {
    decision,
    reasons,
    subjective_claims: subjective.length,
    judged_claims: judged,
    model_disagreements: disagreements,
  };
}
