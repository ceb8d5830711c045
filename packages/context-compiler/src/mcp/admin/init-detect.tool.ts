// init_detect: scores the project's stack and previews the template that would bootstrap its knowledge.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { initDetect } from "../../init/init-detect.js";
import { jsonObject, LIMITS, text } from "../input-limits.js";

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
  annotations: readOnly,
  run: (args, ctx: ArchonContext) =>
    initDetect({ db: ctx.kdb.db, projectRoot: ctx.projectRoot, channel: ctx.channel }, ctx.init, args),
});
