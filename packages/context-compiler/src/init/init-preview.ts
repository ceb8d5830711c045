// The preview of what a template would create (after placeholders), and its hash: the unit a person confirms.
import { hashCanonical, sha256 } from "@archon/core";
import { edgeKey, type PlannedEdge, seedEdges } from "../knowledge/seed-edges.js";
import type { SeedPlan } from "../knowledge/seed-file.js";
import type { DocKind } from "../vocabulary/knowledge-model.js";
import { type PlaceholderValue, placeholderValues, renderTemplate } from "./render-template.js";
import type { TemplateSpec } from "./template-file.js";

const byKey = (a: PlannedEdge, b: PlannedEdge) => {
  const ka = edgeKey(a);
  const kb = edgeKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** Every edge a plan creates, as applySeed creates them, sorted. */
export const planEdges = (plan: SeedPlan): PlannedEdge[] => seedEdges(plan).sort(byKey);

export interface PreviewDocument {
  doc_id: string;
  title: string;
  kind: DocKind;
  priority: number;
  content: string;
  content_hash: string;
  tags: string[];
}

export interface InitPreview {
  template: string;
  version: string;
  description: string;
  /** Values only: where a value came from is reported beside the preview, so it does not change the hash. */
  placeholders: Record<string, string>;
  documents: PreviewDocument[];
  edges: PlannedEdge[];
  layer_rules: { pattern: string; layer: string }[];
}

export interface BuiltPreview {
  preview: InitPreview;
  preview_hash: string;
  plan: SeedPlan;
}

export function buildPreview(spec: TemplateSpec, placeholders: Readonly<Record<string, PlaceholderValue>>) {
  const values = placeholderValues(placeholders);
  const plan = renderTemplate(spec, values);
  const preview: InitPreview = {
    template: spec.name,
    version: spec.version,
    description: spec.description,
    placeholders: values,
    documents: plan.documents
      .map((d) => ({
        doc_id: d.doc_id,
        title: d.title,
        kind: d.kind,
        priority: d.priority,
        content: d.content,
        content_hash: sha256(d.content),
        tags: [...(d.tags ?? [])].sort(),
      }))
      .sort((a, b) => (a.doc_id < b.doc_id ? -1 : 1)),
    edges: planEdges(plan),
    layer_rules: [...plan.layer_rules].sort((a, b) =>
      a.pattern === b.pattern ? (a.layer < b.layer ? -1 : 1) : a.pattern < b.pattern ? -1 : 1,
    ),
  };
  return { preview, preview_hash: hashCanonical(preview), plan } satisfies BuiltPreview;
}
