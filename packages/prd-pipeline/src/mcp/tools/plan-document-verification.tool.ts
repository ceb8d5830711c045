// plan_document_verification: claims of a whole PRD (split by `##` heading) and the judges to spawn.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { MAX_DOCUMENT_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import { splitSections } from "../../validation/validate-document.js";
import { extractClaims } from "../../verification/claims.js";
import { BUDGET_CHOICES } from "../../verification/types.js";
import { planVerification } from "../../verification/verify-service.js";
import { verificationPlanSchema } from "../result-schemas.js";
import type { ServerContext } from "../server-context.js";

export const planDocumentVerificationTool = defineTool({
  name: "plan_document_verification",
  title: "Plan judges for a whole PRD",
  description:
    "Splits a PRD into sections by `##` heading, extracts every claim and plans the judges within the budget " +
    "(same rules and answer as {{prefix}}plan_section_verification). Finish with {{prefix}}conclude_verification.",
  input: {
    content: cappedText(MAX_DOCUMENT_CHARS),
    feature: z.string().max(4000).optional(),
    choice: z.enum(BUDGET_CHOICES).optional(),
    part: z.number().int().min(0).optional(),
  },
  output: verificationPlanSchema,
  annotations: readOnly,
  run: (args, ctx: ServerContext) => {
    const sections = splitSections(args.content).map((s) => ({ type: s.type ?? "unknown", content: s.body }));
    return planVerification(extractClaims(sections), {
      choice: args.choice,
      namespace: ctx.namespace,
      feature: args.feature ?? "(not given)",
      part: args.part,
    });
  },
});
