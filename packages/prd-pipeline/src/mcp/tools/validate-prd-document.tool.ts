// validate_prd_document: section rules per `##` section plus the document-level rules.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { validateDocument } from "../../validation/validate-document.js";

export const validatePrdDocumentTool = defineTool({
  name: "validate_prd_document",
  title: "Validate a PRD document",
  description:
    "Splits a PRD into sections by `##` heading (English or French titles), validates each, and adds the " +
    "document rules: story-point arithmetic, AC numbering, honest NFR verdicts, FR->AC and AC->test coverage.",
  input: { content: z.string().max(5_000_000) },
  annotations: readOnly,
  run: (args) => {
    const result = validateDocument(args.content);
    // Per-section violations are already in `overall`; repeating them could break the response budget.
    return {
      ...result,
      sections: result.sections.map(({ violations, ...rest }) => ({
        ...rest,
        violations: violations.length,
      })),
    };
  },
});
