// review_edge_scopes: lists broad path_requires globs and asks the connected agent to propose narrower ones.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { reviewEdgeScopes } from "../../knowledge/curation/review-edge-scopes.js";
import { projectFilesSchema } from "../result-schemas/knowledge-rows.js";

export const reviewEdgeScopesTool = defineTool({
  name: "review_edge_scopes",
  title: "Review broad edge scopes",
  description: (t) =>
    `Read-only. Finds path_requires globs that match at least \`threshold\` (default 0.5) of the project's files, and returns for each the edge, its document's title and first lines, the share matched and a sample of matched files, plus instructions. Deciding what a rule is really about is your judgement: propose narrower globs per edge and call ${t("apply_edge_scopes")} with them.`,
  input: {
    threshold: z
      .number()
      .gt(0)
      .max(1)
      .optional()
      .describe("Share of project files a glob must match to be listed; default 0.5"),
  },
  output: {
    threshold: z.number(),
    project_files: projectFilesSchema,
    edges: z.array(
      z.object({
        edge_id: z.number().int(),
        glob: z.string(),
        doc_id: z.string(),
        title: z.string(),
        share: z.number(),
        matched: z.number().int(),
        sample: z.array(z.string()),
        excerpt: z.string(),
      }),
    ),
    instructions: z.string(),
  },
  annotations: readOnly,
  run: (args, ctx: ArchonContext) =>
    reviewEdgeScopes({ db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel }, args),
});
