// init_detect: scores the stacks, previews the chosen template and remembers the preview for init_confirm.

import type { Db } from "@archon/core";
import { type Channel, step } from "../knowledge/next-step.js";
import { countApprovedDocuments, documentExists } from "../store/documents.js";
import { appliedTemplate, readInitManifest } from "../store/init-manifest.js";
import { readVersion } from "../store/version.js";
import { type Detection, detectStack } from "./detect-stack.js";
import { buildPreview, type InitPreview } from "./init-preview.js";
import type { InitSessions } from "./init-sessions.js";
import { readProjectShape } from "./project-shape.js";
import { type PlaceholderValue, resolvePlaceholders } from "./render-template.js";
import { loadTemplate } from "./template-catalog.js";

export interface InitDetectInput {
  /** Preview this template instead of the best-scoring one. */
  template?: string;
  /** Override detected or default placeholder values, e.g. { app_root: "src/app" }. */
  placeholders?: Record<string, string>;
}

export interface InitDetectResult extends Omit<Detection, "placeholders"> {
  template: string | null;
  placeholders: Record<string, PlaceholderValue>;
  preview: InitPreview | null;
  preview_hash: string | null;
  knowledge_version: number;
  /** What bootstrapped this project already: a template, a deliberate empty start (template null), or nothing. */
  current: { template: string | null; version: string | null } | null;
  warnings: string[];
  next_step: string;
}

export function initDetect(
  ctx: { db: Db; projectRoot: string; channel: Channel },
  sessions: InitSessions,
  input: InitDetectInput,
): InitDetectResult {
  const shape = readProjectShape(ctx.projectRoot);
  const { placeholders: detected, ...detection } = detectStack(shape);
  const knowledge_version = readVersion(ctx.db);
  const manifest = readInitManifest(ctx.db);
  const warnings: string[] = [];
  if (shape.truncated)
    warnings.push("The project has more files than the walk reads; scores count only the files it reached.");
  const applied = appliedTemplate(manifest);
  if (applied) {
    warnings.push(
      `This project was bootstrapped from ${applied.template} ${applied.version}; ${step(ctx.channel, "init_confirm")} will refuse. Use ${step(ctx.channel, "check_upgrade")} for newer template versions.`,
    );
  }
  const template = input.template ?? detection.best;
  const base = {
    ...detection,
    knowledge_version,
    current: manifest ? { template: manifest.template, version: manifest.template_version } : null,
  };
  if (template === null) {
    if (input.placeholders && Object.keys(input.placeholders).length > 0)
      warnings.push("placeholders were ignored: no template was chosen.");
    return {
      ...base,
      template: null,
      placeholders: {},
      preview: null,
      preview_hash: null,
      warnings,
      next_step: `No bundled template fits this project. Call ${step(ctx.channel, "init_confirm", { skip_template: true })} to start empty on purpose, then bring existing rules in with ${step(ctx.channel, "analyze_import_batch")} or ${step(ctx.channel, "import_doc")}; or pass template to preview one anyway.`,
    };
  }
  const spec = loadTemplate(sessions.templatesDir, template);
  const placeholders = resolvePlaceholders(spec, detected, input.placeholders ?? {});
  const { preview, preview_hash, plan } = buildPreview(spec, placeholders);
  warnings.push(...overlapWarnings(ctx, plan.documents));
  sessions.remember(preview_hash, { preview, plan, knowledge_version });
  return {
    ...base,
    template,
    placeholders,
    preview,
    preview_hash,
    warnings,
    next_step: `Show this preview to a person. Once they agree, call ${step(ctx.channel, "init_confirm", { preview_hash })} on this same server; it is refused after the knowledge changes or the server restarts.`,
  };
}

/** What the template's documents would meet in the knowledge base: a refusal on shared doc_ids, or a note that it adds. */
function overlapWarnings(
  ctx: { db: Db; channel: Channel },
  documents: readonly { doc_id: string }[],
): string[] {
  const existing = documents.map((d) => d.doc_id).filter((id) => documentExists(ctx.db, id));
  if (existing.length > 0)
    return [
      `Documents already exist with these template doc_ids, so ${step(ctx.channel, "init_confirm")} will refuse: ${existing.join(", ")}.`,
    ];
  const live = countApprovedDocuments(ctx.db);
  return live > 0
    ? [`The knowledge base already holds ${live} approved document(s); the template adds to them.`]
    : [];
}
