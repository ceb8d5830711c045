// validate_prd_section: the deterministic validator for one section.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { sectionResultSchema } from "../../run-model/answer-schemas.js";
import { MAX_DOCUMENT_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import { SECTION_TYPES } from "../../sections/section-catalogue.js";
import { validatorAt } from "../../validation/project-context-at.js";
import type { ServerContext } from "../server-context.js";

export const validatePrdSectionTool = defineTool({
  name: "validate_prd_section",
  title: "Validate a PRD section",
  description:
    "Checks one section's markdown against the rules of its type. Returns violations, rules_checked, " +
    "rules_passed, has_critical and score (1 minus 0.15 per critical and 0.05 per warning, at least 0).",
  input: {
    section_type: z.enum(SECTION_TYPES),
    content: cappedText(MAX_DOCUMENT_CHARS),
  },
  output: sectionResultSchema,
  annotations: readOnly,
  run: (args, ctx: ServerContext) =>
    validatorAt(ctx.projectRoot, { archonDb: ctx.archonDb, text: args.content }).section(
      args.section_type,
      args.content,
    ),
});
