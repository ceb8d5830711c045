// conclude_verification: judge replies to verdicts, consensus, the document result and the policy.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { claimSchema, judgePlanSchema } from "../../verification/types.js";
import { concludeVerification } from "../../verification/verify-service.js";

export const concludeVerificationTool = defineTool({
  name: "conclude_verification",
  title: "Conclude a verification",
  description:
    "Takes the claims and plan from a plan_*_verification call and the judges' replies ({ invocation_id, raw_text } " +
    "or { invocation_id, error }). Unusable replies count as INCONCLUSIVE; a plan that does not match the claims " +
    "makes every verdict INCONCLUSIVE. Returns per-claim consensus, the distribution and the implementation policy.",
  input: {
    claims: z.array(claimSchema).max(2000),
    plan: judgePlanSchema,
    responses: z
      .array(
        z.object({
          invocation_id: z.string(),
          raw_text: z.string().optional(),
          error: z.string().optional(),
        }),
      )
      .max(2000),
    mode: z.enum(["weighted", "bayesian"]).optional(),
    reliability: z
      .record(z.string(), z.number().min(0).max(1))
      .optional()
      .describe("Per judge name, Bayesian mode"),
  },
  annotations: readOnly,
  run: (args) =>
    concludeVerification(args.claims, args.plan, args.responses, {
      mode: args.mode,
      reliability: args.reliability,
    }),
});
