// conclude_verification: judge replies to verdicts, consensus, the document result and the policy.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { MAX_BATCH_RESPONSES, MAX_TOKEN_CHARS, overLimit } from "../../run-model/limits.js";
import { cappedText, subagentResponsesSchema } from "../../run-model/protocol.js";
import { claimSchema, judgePlanSchema } from "../../verification/types.js";
import { concludeVerification } from "../../verification/verify-service.js";
import { verificationConclusionSchema } from "../result-schemas.js";

export const concludeVerificationTool = defineTool({
  name: "conclude_verification",
  title: "Conclude a verification",
  description:
    "Takes the claims and plan from a {{prefix}}plan_section_verification or {{prefix}}plan_document_verification " +
    "call and the judges' replies ({ invocation_id, raw_text } or { invocation_id, error }). Unusable replies " +
    "count as INCONCLUSIVE; a plan that does not match the claims makes every verdict INCONCLUSIVE. " +
    "Returns per-claim consensus, the distribution and the implementation policy.",
  input: {
    claims: z.array(claimSchema).max(2000),
    plan: judgePlanSchema,
    responses: subagentResponsesSchema,
    mode: z.enum(["weighted", "bayesian"]).optional(),
    reliability: z
      .record(cappedText(MAX_TOKEN_CHARS), z.number().min(0).max(1))
      .refine((r) => Object.keys(r).length <= MAX_BATCH_RESPONSES, overLimit(MAX_BATCH_RESPONSES, "judges"))
      .optional()
      .describe("Per judge name, Bayesian mode"),
  },
  output: verificationConclusionSchema,
  annotations: readOnly,
  run: (args) =>
    concludeVerification(args.claims, args.plan, args.responses, {
      mode: args.mode,
      reliability: args.reliability,
    }),
});
