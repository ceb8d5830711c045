// The order a bundle is applied in: documents before what points at them, deprecations last, ties by id.
import type { ProposalType } from "../../vocabulary/lifecycle.js";

export interface BundleMember {
  proposal_id: string;
  proposal_type: ProposalType;
  payload: Record<string, unknown>;
}

// Removals before additions, so re-pointing a dependency never trips the cycle check half-way.
const RANK: Record<ProposalType, number> = {
  new_doc: 0,
  update_doc: 0,
  remove_edge: 1,
  add_edge: 2,
  deprecate_doc: 3,
};

const str = (value: unknown) => (typeof value === "string" ? value : undefined);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === "string") : []);

/** The doc_id a member creates, if any. */
export const createdDoc = (m: BundleMember) =>
  m.proposal_type === "new_doc" ? str(m.payload.doc_id) : undefined;

/** The documents a member needs to exist when it is applied, sorted. */
export function referencedDocs(m: BundleMember): string[] {
  const p = m.payload;
  const refs: (string | undefined)[] = [];
  if (m.proposal_type === "new_doc") {
    refs.push(...strings(p.depends_on));
    for (const hint of Array.isArray(p.edge_hints) ? (p.edge_hints as Record<string, unknown>[]) : [])
      if (hint.edge_type === "doc_depends_on") refs.push(str(hint.source_value));
  }
  if (m.proposal_type === "update_doc" || m.proposal_type === "deprecate_doc") refs.push(str(p.doc_id));
  if (m.proposal_type === "add_edge") {
    refs.push(str(p.target_doc_id));
    if (p.edge_type === "doc_depends_on") refs.push(str(p.source_value));
  }
  const self = createdDoc(m);
  return [...new Set(refs.filter((r): r is string => r !== undefined && r !== self))].sort();
}

const before = (a: BundleMember, b: BundleMember) =>
  RANK[a.proposal_type] - RANK[b.proposal_type] || (a.proposal_id < b.proposal_id ? -1 : 1);

/**
 * A topological order over "creates a document → refers to it", choosing the lowest (rank, proposal_id)
 * among the ready members at each step, so the same bundle always gives the same order. Members that
 * wait on each other are reported in `stuck` and appended in (rank, id) order.
 */
export function orderBundle<T extends BundleMember>(members: readonly T[]): { order: T[]; stuck: string[] } {
  const creator = new Map<string, BundleMember>();
  for (const m of [...members].sort(before)) {
    const id = createdDoc(m);
    if (id !== undefined && !creator.has(id)) creator.set(id, m);
  }
  const waitsOn = new Map<string, Set<string>>(
    members.map((m) => [
      m.proposal_id,
      new Set(
        referencedDocs(m)
          .map((doc) => creator.get(doc)?.proposal_id)
          .filter((id): id is string => id !== undefined && id !== m.proposal_id),
      ),
    ]),
  );
  const order: T[] = [];
  const placed = new Set<string>();
  const remaining = [...members].sort(before);
  for (;;) {
    const next = remaining.find((m) => [...(waitsOn.get(m.proposal_id) ?? [])].every((id) => placed.has(id)));
    if (!next) break;
    order.push(next);
    placed.add(next.proposal_id);
    remaining.splice(remaining.indexOf(next), 1);
  }
  return { order: [...order, ...remaining], stuck: remaining.map((m) => m.proposal_id) };
}
