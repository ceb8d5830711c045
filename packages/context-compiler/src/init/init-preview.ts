// The preview of what a template would create (after placeholders), and its hash: the unit a person confirms.
import { hashCanonical, sha256 } from "@archon/core";
import type { SeedPlan } from "../knowledge/seed-file.js";
import type { DocKind, EdgeType } from "../store/schema.js";
import { type PlaceholderValue, placeholderValues, renderTemplate } from "./render-template.js";
import type { TemplateSpec } from "./template-file.js";

export interface PlannedEdge {
  edge_type: EdgeType;
  source_value: string;
  target_doc_id: string;
}

export const edgeKey = (e: PlannedEdge) => `${e.edge_type}\u0000${e.source_value}\u0000${e.target_doc_id}`;

const byKey = (a: PlannedEdge, b: PlannedEdge) => {
  const ka = edgeKey(a);
  const kb = edgeKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** Every edge a plan creates, as applySeed creates them, sorted. */
export function planEdges(plan: SeedPlan): PlannedEdge[] {
  return plan.documents
    .flatMap((d) => [
      ...d.patterns.map((p) => ({
        edge_type: "path_requires" as const,
        source_value: p,
        target_doc_id: d.doc_id,
      })),
      ...d.layers.map((l) => ({
        edge_type: "layer_requires" as const,
        source_value: l,
        target_doc_id: d.doc_id,
      })),
      ...d.commands.map((c) => ({
        edge_type: "command_requires" as const,
        source_value: c,
        target_doc_id: d.doc_id,
      })),
      // As in seed files: the document depends on each target, so it is the edge's source.
      ...d.depends_on.map((t) => ({
        edge_type: "doc_depends_on" as const,
        source_value: d.doc_id,
        target_doc_id: t,
      })),
    ])
    .sort(byKey);
}

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
