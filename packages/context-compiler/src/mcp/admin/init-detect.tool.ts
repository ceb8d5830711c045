// init_detect: scores the project's stack and previews the template that would bootstrap its knowledge.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { initDetect } from "../../init/init-detect.js";
import { DOC_KINDS } from "../../vocabulary/knowledge-model.js";
import { jsonObject, LIMITS, text } from "../input-limits.js";
import { plannedEdgeShape } from "../result-schemas/knowledge-rows.js";

export const initDetectTool = defineTool({
  name: "init_detect",
  title: "Detect the stack and preview a template",
  description: (t) =>
    `Read-only. Inspects the project's manifests (package.json, composer.json, pyproject.toml, go.mod) and directory shape, scores the bundled templates (laravel, nextjs, python, go) with evidence, reports other recognised signals (vite), and previews the documents, edges and layer rules the best template (or \`template\`) would create after placeholder substitution. \`placeholders\` override detected values (Next.js app_root is detected as src/app or app). Show the preview to a person, then call ${t("init_confirm")}({ preview_hash }) on this same server. When nothing fits, or the project should start empty, call ${t("init_confirm")}({ skip_template: true }).`,
  input: {
    template: text(LIMITS.id)
      .min(1)
      .optional()
      .describe("Preview this template instead of the best-scoring one"),
    placeholders: jsonObject(z.string(), LIMITS.placeholders)
      .optional()
      .describe('Override placeholder values, e.g. { "app_root": "src/app" }'),
  },
  output: {
    scores: z.array(
      z.object({
        template: z.string(),
        folder: z.string(),
        score: z.number(),
        max_score: z.number(),
        evidence: z.array(z.string()),
      }),
    ),
    signals: z.array(
      z.object({ name: z.string(), folder: z.string(), evidence: z.array(z.string()), template: z.null() }),
    ),
    best: z.string().nullable(),
    template: z.string().nullable(),
    placeholders: z.record(
      z.string(),
      z.object({ value: z.string(), source: z.enum(["caller", "detected", "default"]) }),
    ),
    preview: z
      .object({
        template: z.string(),
        version: z.string(),
        description: z.string(),
        placeholders: z.record(z.string(), z.string()),
        documents: z.array(
          z.object({
            doc_id: z.string(),
            title: z.string(),
            kind: z.enum(DOC_KINDS),
            priority: z.number(),
            content: z.string(),
            content_hash: z.string(),
            tags: z.array(z.string()),
          }),
        ),
        edges: z.array(z.object(plannedEdgeShape)),
        layer_rules: z.array(z.object({ pattern: z.string(), layer: z.string() })),
      })
      .nullable(),
    preview_hash: z.string().nullable(),
    knowledge_version: z.number().int(),
    current: z.object({ template: z.string().nullable(), version: z.string().nullable() }).nullable(),
    warnings: z.array(z.string()),
    next_step: z.string(),
  },
  annotations: readOnly,
  run: (args, ctx: ArchonContext) =>
    initDetect({ db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel }, ctx.init, args),
});
