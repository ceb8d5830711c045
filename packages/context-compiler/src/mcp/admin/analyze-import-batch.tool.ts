// analyze_import_batch: suggest import units for several project files at once, read-only.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { analyzeDocs, MAX_BATCH_FILES } from "../../knowledge/imports/analyze-docs.js";
import { LIMITS, list, text } from "../input-limits.js";
import { importItemSchema } from "../result-schemas/knowledge-rows.js";

export const analyzeImportBatchTool = defineTool({
  name: "analyze_import_batch",
  title: "Analyze files for a bulk import",
  description: (t) =>
    `Read-only. ${t("analyze_doc")} over several repo-relative files (at most ${MAX_BATCH_FILES}): splits each at '##' headings and suggests doc_id (unique across the batch and the database), title, kind, tags, edge_hints, source_path anchor and content per unit, flagging overlap with approved documents, overlap between the batch's own items, units already imported, oversize units, units with no edge hints and likely secrets. Review and edit the items, then pass them to ${t("execute_import_plan")} to create one bundle of pending proposals.`,
  input: {
    file_paths: list(text(LIMITS.path).min(1), MAX_BATCH_FILES)
      .min(1)
      .describe("Repo-relative files inside the project root"),
  },
  output: {
    files: z.array(z.object({ file: z.string(), units: z.number().int() })),
    items: z.array(importItemSchema),
    warnings: z.array(z.string()),
    next_step: z.string(),
  },
  annotations: readOnly,
  run: ({ file_paths }, ctx: ArchonContext) =>
    analyzeDocs({ db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel }, file_paths, true),
});
