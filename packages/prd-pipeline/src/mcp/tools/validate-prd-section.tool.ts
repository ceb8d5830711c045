// validate_prd_section: the deterministic validator for one section.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { MAX_DOCUMENT_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import { SECTION_TYPES } from "../../sections/section-catalogue.js";
import { validateSection } from "../../validation/validate-section.js";

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
  annotations: readOnly,
  run: (args) => validateSection(args.section_type, args.content),
});
