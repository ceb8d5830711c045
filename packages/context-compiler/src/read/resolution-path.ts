// The result's resolution_path: the steps that reached each document, in the result's order and grouped
// so that a glob wired to many rules is said once. The edges' row ids go apart, to debug_info: they are
// this database's names for the edges (a clone numbers them differently) and nothing a model acts on.
import type { IndexedDoc } from "./knowledge-index.js";
import type { FiredStep, ResolutionGroup, ResolutionStep } from "./resolve.js";

const VIA_ORDER = { path_requires: 0, layer_requires: 1, command_requires: 2, doc_depends_on: 3 } as const;

/** The groups, and beside each the edge that reached each of its doc_ids (`edgeIds[g][i]`). */
export interface ResolutionPath {
  groups: ResolutionGroup[];
  edgeIds: number[][];
}

/** `reached` in the order the result delivers it: each document's steps follow its position there. */
export function resolutionPath(fired: readonly FiredStep[], reached: readonly IndexedDoc[]): ResolutionPath {
  const position = new Map(reached.map((d, i) => [d.doc_id, i]));
  const steps = fired
    .map(
      ({ doc_id, via, edge_id, source_value, matched }): ResolutionStep => ({
        doc_id,
        via,
        edge_id,
        source_value,
        matched,
      }),
    )
    .sort(
      (a, b) =>
        (position.get(a.doc_id) ?? 0) - (position.get(b.doc_id) ?? 0) ||
        VIA_ORDER[a.via] - VIA_ORDER[b.via] ||
        // By what the edge says before its rowid, which another database built from the same rules differs in.
        (a.source_value < b.source_value ? -1 : a.source_value > b.source_value ? 1 : 0) ||
        a.edge_id - b.edge_id ||
        (a.matched < b.matched ? -1 : a.matched > b.matched ? 1 : 0),
    );
  return groupSteps(steps);
}

/** Steps grouped by edge type and source value, in the order their first step comes in `steps`. */
function groupSteps(steps: readonly ResolutionStep[]): ResolutionPath {
  const groups = new Map<
    string,
    ResolutionGroup & { edge_ids: number[]; edges: Set<number>; files: Set<string> }
  >();
  for (const { doc_id, via, edge_id, source_value, matched } of steps) {
    const key = `${via}\u0000${source_value}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        via,
        source_value,
        matched: [],
        doc_ids: [],
        edge_ids: [],
        edges: new Set(),
        files: new Set(),
      };
      groups.set(key, group);
    }
    if (!group.files.has(matched)) {
      group.files.add(matched);
      group.matched.push(matched);
    }
    if (!group.edges.has(edge_id)) {
      group.edges.add(edge_id);
      group.doc_ids.push(doc_id);
      group.edge_ids.push(edge_id);
    }
  }
  const all = [...groups.values()];
  return {
    groups: all.map(({ via, source_value, matched, doc_ids }) => ({
      via,
      source_value,
      matched: [...matched].sort(),
      doc_ids,
    })),
    edgeIds: all.map((group) => group.edge_ids),
  };
}
