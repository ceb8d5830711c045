// analyze_doc: suggest import units for one project file, read-only.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { analyzeDocs } from "../../knowledge/imports/analyze-docs.js";
import { LIMITS, text } from "../input-limits.js";
import { importItemSchema } from "../result-schemas/knowledge-rows.js";

export const analyzeDocTool = defineTool({
  name: "analyze_doc",
  title: "Analyze a document for import",
  description: (t) =>
    `Read-only. Splits one repo-relative file into import units at '##' headings and suggests, per unit, a free doc_id, title, kind (with the rule that chose it), tags, edge_hints (paths and globs the text names; layers and commands only when stated), a source_path anchor, the content and its bytes. Flags overlap with approved documents, units already imported, units over 4096 bytes, units with no edge hints (unreachable until scoped) and likely secrets. Review and edit the items, then pass them to ${t("execute_import_plan")}.`,
  input: { file_path: text(LIMITS.path).min(1).describe("Repo-relative file inside the project root") },
  output: {
    file: z.string(),
    items: z.array(importItemSchema),
    warnings: z.array(z.string()),
    next_step: z.string(),
  },
  annotations: readOnly,
  run: ({ file_path }, ctx: ArchonContext) => {
    const { files, items, warnings, next_step } = analyzeDocs(
      { db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel },
      [file_path],
      false,
    );
    return { file: files[0]?.file ?? file_path, items, warnings, next_step };
  },
});
