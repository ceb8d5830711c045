// The edges a seed plan stands for: what its patterns, layers, commands and depends_on lists mean.
import type { EdgeType } from "../vocabulary/knowledge-model.js";
import type { SeedPlan } from "./seed-file.js";

export interface PlannedEdge {
  edge_type: EdgeType;
  source_value: string;
  target_doc_id: string;
}

export const edgeKey = (e: PlannedEdge) => `${e.edge_type}\u0000${e.source_value}\u0000${e.target_doc_id}`;

/** Every edge of the plan, in document order. A document depends on each target, so it is the source. */
export function seedEdges(plan: Pick<SeedPlan, "documents">): PlannedEdge[] {
  return plan.documents.flatMap((d) => [
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
    ...d.depends_on.map((t) => ({
      edge_type: "doc_depends_on" as const,
      source_value: d.doc_id,
      target_doc_id: t,
    })),
  ]);
}
