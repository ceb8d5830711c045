// plan_section_verification: claims of one section and the judges to spawn for them.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { MAX_DOCUMENT_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import { SECTION_TYPES } from "../../sections/section-catalogue.js";
import { extractClaims } from "../../verification/claims.js";
import { BUDGET_CHOICES } from "../../verification/types.js";
import { planVerification } from "../../verification/verify-service.js";
import { verificationPlanSchema } from "../result-schemas.js";
import type { ServerContext } from "../server-context.js";

export const planSectionVerificationTool = defineTool({
  name: "plan_section_verification",
  title: "Plan judges for one PRD section",
  description:
    "Extracts the claims of one section and plans the judges (1 per claim, 2 for architecture, 20 at most). " +
    "Over budget without `choice`, answers choice_required: ask the user (reduced, full or skip) and call again. " +
    "Spawn `action` like a pipeline spawn_subagents, then pass claims, plan and the replies to {{prefix}}conclude_verification.",
  input: {
    section_type: z.enum(SECTION_TYPES),
    content: cappedText(MAX_DOCUMENT_CHARS),
    feature: z.string().max(4000).optional().describe("What the PRD is for; shown to the judges"),
    choice: z.enum(BUDGET_CHOICES).optional(),
    part: z.number().int().min(0).optional().describe("Invocation index to continue from in a paged plan"),
  },
  output: verificationPlanSchema,
  annotations: readOnly,
  run: (args, ctx: ServerContext) =>
    planVerification(extractClaims([{ type: args.section_type, content: args.content }]), {
      choice: args.choice,
      namespace: ctx.namespace,
      feature: args.feature ?? "(not given)",
      part: args.part,
    }),
});
