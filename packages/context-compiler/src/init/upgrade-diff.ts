// The pure diff between two rendered template versions, judged against what the knowledge holds now.
import { sha256 } from "@archon/core";
import { edgeKey, type PlannedEdge } from "../knowledge/seed-edges.js";
import type { SeedDocument, SeedPlan } from "../knowledge/seed-file.js";
import { isApproved } from "../store/documents.js";
import type { DocStatus } from "../vocabulary/knowledge-model.js";
import { planEdges } from "./init-preview.js";

/** A document as the database holds it now (any status). */
export interface CurrentDocument {
  title: string;
  kind: string;
  priority: number;
  content_hash: string;
  status: DocStatus;
}

export interface UpgradeState {
  /** doc_id → the content_hash the template gave it (the init manifest). */
  baseline: ReadonlyMap<string, string>;
  current: ReadonlyMap<string, CurrentDocument>;
  /** edgeKey → edge_id of every approved edge. */
  liveEdges: ReadonlyMap<string, number>;
}

export type DocField = "title" | "kind" | "priority" | "content";

export interface UpgradeDiff {
  documents_added: {
    doc_id: string;
    title: string;
    kind: string;
    state: "new" | "already_applied" | "conflict";
  }[];
  documents_changed: {
    doc_id: string;
    fields: DocField[];
    /** Its current content differs from what the template gave it: an upgrade never overwrites it. */
    user_modified: boolean;
    state: "update" | "user_modified" | "already_applied";
    current_content_hash: string | null;
  }[];
  documents_removed: {
    doc_id: string;
    user_modified: boolean;
    state: "deprecate" | "user_modified" | "already_applied";
  }[];
  edges_added: (PlannedEdge & { state: "add" | "already_applied" })[];
  edges_removed: (PlannedEdge & { edge_id: number | null; state: "remove" | "already_applied" })[];
  layer_rules_added: { pattern: string; layer: string }[];
  layer_rules_removed: { pattern: string; layer: string }[];
}

const byId = (plan: SeedPlan) => new Map(plan.documents.map((d) => [d.doc_id, d]));
const sortedIds = (ids: Iterable<string>) => [...ids].sort();

function changedFields(from: SeedDocument, to: SeedDocument): DocField[] {
  const fields: DocField[] = [];
  if (from.title !== to.title) fields.push("title");
  if (from.kind !== to.kind) fields.push("kind");
  if (from.priority !== to.priority) fields.push("priority");
  if (from.content !== to.content) fields.push("content");
  return fields;
}

/** The current document already carries every changed field's new value. */
function carries(cur: CurrentDocument, to: SeedDocument, fields: readonly DocField[]): boolean {
  return fields.every((f) => (f === "content" ? cur.content_hash === sha256(to.content) : cur[f] === to[f]));
}

export function diffTemplates(from: SeedPlan, to: SeedPlan, state: UpgradeState): UpgradeDiff {
  const old = byId(from);
  const next = byId(to);
  const live = (id: string) => {
    const cur = state.current.get(id);
    return isApproved(cur) ? cur : undefined;
  };
  const modified = (id: string, cur: CurrentDocument) => cur.content_hash !== state.baseline.get(id);

  const documents_added = sortedIds([...next.keys()].filter((id) => !old.has(id))).map((id) => {
    const doc = next.get(id) as SeedDocument;
    const cur = live(id);
    const state = !cur
      ? "new"
      : carries(cur, doc, ["title", "kind", "priority", "content"])
        ? "already_applied"
        : "conflict";
    return { doc_id: id, title: doc.title, kind: doc.kind, state } as const;
  });

  const documents_changed: UpgradeDiff["documents_changed"] = [];
  for (const id of sortedIds([...next.keys()].filter((k) => old.has(k)))) {
    const fields = changedFields(old.get(id) as SeedDocument, next.get(id) as SeedDocument);
    if (fields.length === 0) continue;
    const cur = live(id);
    const state =
      cur && carries(cur, next.get(id) as SeedDocument, fields)
        ? "already_applied"
        : !cur || modified(id, cur)
          ? "user_modified"
          : "update";
    documents_changed.push({
      doc_id: id,
      fields,
      user_modified: state === "user_modified",
      state,
      current_content_hash: cur?.content_hash ?? null,
    });
  }

  const documents_removed = sortedIds([...old.keys()].filter((id) => !next.has(id))).map((id) => {
    const cur = live(id);
    const state = !cur ? "already_applied" : modified(id, cur) ? "user_modified" : "deprecate";
    return { doc_id: id, user_modified: state === "user_modified", state } as const;
  });

  return {
    documents_added,
    documents_changed,
    documents_removed,
    ...diffEdges(from, to, state),
    ...diffLayerRules(from, to),
  };
}

/** Edges the new version adds or drops, each marked by whether the database already has it so. */
function diffEdges(
  from: SeedPlan,
  to: SeedPlan,
  state: UpgradeState,
): Pick<UpgradeDiff, "edges_added" | "edges_removed"> {
  const oldEdges = new Map(planEdges(from).map((e) => [edgeKey(e), e]));
  const newEdges = new Map(planEdges(to).map((e) => [edgeKey(e), e]));
  const edges_added = [...newEdges]
    .filter(([key]) => !oldEdges.has(key))
    .map(([key, e]) => ({ ...e, state: state.liveEdges.has(key) ? "already_applied" : "add" }) as const);
  const edges_removed = [...oldEdges]
    .filter(([key]) => !newEdges.has(key))
    .map(([key, e]) => {
      const edge_id = state.liveEdges.get(key) ?? null;
      return { ...e, edge_id, state: edge_id === null ? "already_applied" : "remove" } as const;
    });
  return { edges_added, edges_removed };
}

function diffLayerRules(
  from: SeedPlan,
  to: SeedPlan,
): Pick<UpgradeDiff, "layer_rules_added" | "layer_rules_removed"> {
  const ruleKey = (r: { pattern: string; layer: string }) => `${r.pattern}\u0000${r.layer}`;
  const oldRules = new Set(from.layer_rules.map(ruleKey));
  const newRules = new Set(to.layer_rules.map(ruleKey));
  return {
    layer_rules_added: to.layer_rules.filter((r) => !oldRules.has(ruleKey(r))),
    layer_rules_removed: from.layer_rules.filter((r) => !newRules.has(ruleKey(r))),
  };
}

/** Nothing in the diff is left to propose. */
export const nothingToPropose = (diff: UpgradeDiff) =>
  diff.documents_added.every((d) => d.state !== "new") &&
  diff.documents_changed.every((d) => d.state !== "update") &&
  diff.documents_removed.every((d) => d.state !== "deprecate") &&
  diff.edges_added.every((e) => e.state !== "add") &&
  diff.edges_removed.every((e) => e.state !== "remove");
