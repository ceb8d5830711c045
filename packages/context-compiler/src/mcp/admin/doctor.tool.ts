// doctor: the full health scan, read-only; the same report as `archon doctor --json`.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { runDoctor } from "../../knowledge/curation/doctor.js";
import { SEVERITIES } from "../../knowledge/curation/finding.js";
import { projectFilesSchema } from "../result-schemas/knowledge-rows.js";

export const doctorTool = defineTool({
  name: "doctor",
  title: "Knowledge health scan",
  description: (t) =>
    `Read-only health scan. Findings come with severity (error, warning, info) and the doc_ids / edge_ids to chase with ${t("get_document")} and ${t("get_edge")}: isolated documents (no live edge reaches them), dead edges (deprecated or missing target, a layer no layer rule produces, a glob matching no project file), missing and stale sources (stale: run ${t("sync_docs")}), dependency cycles, oversized documents (over 4096 bytes, always deferred under auto), near-duplicate rules, and co-change suggestions from git history. ok is false when there is an error.`,
  input: {
    similarity_threshold: z
      .number()
      .gt(0)
      .max(1)
      .optional()
      .describe("Near-duplicate cutoff (term overlap, 0..1); default 0.8"),
    co_change_min_commits: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("Commits a file must share with a source file to be suggested; default 3"),
  },
  output: {
    knowledge_version: z.number().int(),
    ok: z.boolean(),
    summary: z.object(Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int()]))),
    findings: z.array(
      z.object({
        severity: z.enum(SEVERITIES),
        check: z.string(),
        message: z.string(),
        doc_ids: z.array(z.string()),
        edge_ids: z.array(z.number().int()),
        files: z.array(z.string()).optional(),
        similarity: z.number().optional(),
      }),
    ),
    project_files: projectFilesSchema,
    skipped: z.array(z.string()),
  },
  annotations: readOnly,
  run: (args, ctx: ArchonContext) =>
    runDoctor({ db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel }, args),
});
