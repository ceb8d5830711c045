// Cycles among doc_depends_on edges, with the edges inside each: the write path forbids them, doctor checks anyway.
import { findCycles } from "@archon/core";

interface DependencyEdge {
  edge_id: number;
  source_value: string;
  target_doc_id: string;
}

export interface Cycle {
  doc_ids: string[];
  edge_ids: number[];
}

/** Every group of documents that depend on each other in a loop, with the edges inside it; sorted. */
export function dependencyCycles(edges: readonly DependencyEdge[]): Cycle[] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source_value, [...(next.get(e.source_value) ?? []), e.target_doc_id]);
  const nodes = edges.flatMap((e) => [e.source_value, e.target_doc_id]);
  return findCycles(nodes, (node) => next.get(node) ?? []).map((doc_ids) => {
    const members = new Set(doc_ids);
    const inside = edges.filter((e) => members.has(e.source_value) && members.has(e.target_doc_id));
    return { doc_ids, edge_ids: inside.map((e) => e.edge_id).sort((a, b) => a - b) };
  });
}
