// validate_prd_document: section rules per `##` section plus the document-level rules.
import { defineTool, readOnly } from "@archon/core";
import { documentAnswerSchema } from "../../run-model/answer-schemas.js";
import { boundDocumentResult } from "../../run-model/bounding.js";
import { MAX_DOCUMENT_CHARS, MAX_LISTED_HEADINGS, MAX_LISTED_VIOLATIONS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import { validatorAt } from "../../validation/project-context-at.js";
import type { ServerContext } from "../server-context.js";

export const validatePrdDocumentTool = defineTool({
  name: "validate_prd_document",
  title: "Validate a PRD document",
  description:
    "Splits a PRD into sections by `##` heading (English or French titles), validates each, and adds the " +
    "document rules: story-point arithmetic, AC numbering, honest NFR verdicts, FR->AC and AC->test coverage. " +
    `Lists at most ${MAX_LISTED_VIOLATIONS} violations and ${MAX_LISTED_HEADINGS} unrecognised headings, counts the ` +
    "rest in *_omitted and sets truncated.",
  input: { content: cappedText(MAX_DOCUMENT_CHARS) },
  output: documentAnswerSchema,
  annotations: readOnly,
  run: (args, ctx: ServerContext) =>
    boundDocumentResult(
      validatorAt(ctx.projectRoot, { archonDb: ctx.archonDb, text: args.content }).document(args.content),
    ),
});
