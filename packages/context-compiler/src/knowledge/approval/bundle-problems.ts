// Everything wrong with a bundle before anything is applied, each problem a sentence naming its proposal.

import { cycleWalk, type Db, findCycles, UserError } from "@archon/core";
import { documentExists, documentState, isApproved } from "../../store/documents.js";
import { getEdge, liveDependencyEdges } from "../../store/edges.js";
import { parsePayload } from "../../store/proposal-payloads.js";
import type { Proposal } from "../../store/proposals.js";
import type { Channel } from "../next-step.js";
import { sourcePathOutside } from "../project-path.js";
import { type BundleMember, createdDoc, referencedDocs } from "./bundle-order.js";
import { unresolvedConflictProblems } from "./conflicts.js";

type Graph = Map<string, Set<string>>;

export function bundleProblems(
  ctx: { db: Db; channel: Channel; projectRoot: string },
  members: readonly Proposal[],
  stuck: readonly string[],
): string[] {
  const { db } = ctx;
  const problems: string[] = [];
  for (const m of members)
    if (m.status !== "pending") problems.push(`${m.proposal_id} is ${m.status}, not pending`);
  const pending = members.filter((m) => m.status === "pending");
  for (const m of pending) {
    try {
      const { source_path } = parsePayload(m.proposal_type, m.payload) as { source_path?: string | null };
      const outside = source_path ? sourcePathOutside(ctx.projectRoot, source_path) : undefined;
      if (outside) problems.push(`${m.proposal_id}: ${outside}`);
    } catch (error) {
      problems.push(`${m.proposal_id}: ${error instanceof UserError ? error.message : String(error)}`);
    }
  }
  const creators = new Map<string, string[]>();
  for (const m of pending) {
    const doc = createdDoc(m);
    if (doc !== undefined) creators.set(doc, [...(creators.get(doc) ?? []), m.proposal_id]);
  }
  for (const [doc, ids] of [...creators].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (ids.length > 1) problems.push(`${ids.join(" and ")} both create "${doc}"`);
    if (documentExists(db, doc))
      problems.push(`${ids.join(", ")} creates "${doc}", which already exists (propose update_doc instead)`);
  }
  for (const m of pending) {
    for (const doc of referencedDocs(m)) {
      if (creators.has(doc)) continue;
      const state = documentState(db, doc);
      if (isApproved(state)) continue;
      problems.push(
        state === undefined
          ? `${m.proposal_id} refers to "${doc}", which neither exists nor is created by this bundle`
          : `${m.proposal_id} refers to "${doc}", which is ${state.status}`,
      );
    }
  }
  const removed = new Set<number>();
  for (const m of pending.filter((p) => p.proposal_type === "remove_edge")) {
    const edgeId = Number(m.payload.edge_id);
    const edge = getEdge(db, edgeId);
    if (!edge) problems.push(`${m.proposal_id} removes edge ${edgeId}, which does not exist`);
    else if (edge.status === "deprecated")
      problems.push(`${m.proposal_id} removes edge ${edgeId}, which is already deprecated`);
    else if (removed.has(edgeId)) problems.push(`${m.proposal_id} removes edge ${edgeId} a second time`);
    removed.add(edgeId);
  }
  const cycle = findCycle(dependencyGraph(db, pending, removed));
  if (cycle) problems.push(`the bundle would create the dependency cycle ${cycle.join(" → ")}`);
  if (stuck.length > 0)
    problems.push(`${stuck.join(", ")} wait on each other's documents, so no order can apply them`);
  for (const m of pending) problems.push(...unresolvedConflictProblems(ctx, m.proposal_id));
  return problems;
}

/** doc_depends_on as it would be after the bundle: live edges, minus removals, plus every added dependency. */
function dependencyGraph(db: Db, pending: readonly BundleMember[], removed: ReadonlySet<number>): Graph {
  const graph: Graph = new Map();
  const link = (from: string, to: string) => graph.set(from, (graph.get(from) ?? new Set()).add(to));
  for (const r of liveDependencyEdges(db)) if (!removed.has(r.edge_id)) link(r.source_value, r.target_doc_id);
  for (const m of pending) {
    const p = m.payload;
    if (m.proposal_type === "add_edge" && p.edge_type === "doc_depends_on")
      link(String(p.source_value), String(p.target_doc_id));
    if (m.proposal_type !== "new_doc") continue;
    const doc = String(p.doc_id);
    for (const dep of Array.isArray(p.depends_on) ? p.depends_on : []) link(doc, String(dep));
    for (const hint of Array.isArray(p.edge_hints) ? (p.edge_hints as Record<string, unknown>[]) : [])
      if (hint.edge_type === "doc_depends_on") link(String(hint.source_value), doc);
  }
  return graph;
}

/** The first dependency loop (by its first document), as a walk from that document back to it. */
function findCycle(graph: Graph): string[] | undefined {
  const next = (node: string) => [...(graph.get(node) ?? [])];
  const first = findCycles(graph.keys(), next)[0];
  return first && cycleWalk(first, next);
}
