// Edges between selectors (globs, layers, commands, documents) and documents; doc_depends_on stays acyclic.
import { type Db, findPath, UserError } from "@archon/core";
import type { EdgeType } from "../vocabulary/knowledge-model.js";
import { statement } from "./statements.js";

export interface EdgeRow {
  edge_id: number;
  edge_type: EdgeType;
  source_value: string;
  target_doc_id: string;
  status: string;
  created_version: number;
}

/**
 * The dependency path from `from` to `to` over live doc_depends_on edges, or undefined.
 * Adding `to → from` would close a cycle exactly when this path exists.
 */
export function dependencyPath(db: Db, from: string, to: string): string[] | undefined {
  const next = statement(
    db,
    `SELECT target_doc_id FROM edges WHERE edge_type = 'doc_depends_on' AND source_value = ?
       AND status != 'deprecated' ORDER BY target_doc_id`,
  ).pluck();
  return findPath(from, to, (node) => next.all(node) as string[]);
}

/** Adds an edge (a no-op when it exists). Refuses a doc_depends_on edge that would close a cycle (INV-2). */
export function addEdge(
  db: Db,
  edge: { edge_type: EdgeType; source_value: string; target_doc_id: string; status?: string },
  version: number,
): { edge_id: number; created: boolean } {
  if (edge.edge_type === "doc_depends_on") {
    if (edge.source_value === edge.target_doc_id) {
      throw new UserError(`Cycle rejected: ${edge.source_value} cannot depend on itself.`);
    }
    const back = dependencyPath(db, edge.target_doc_id, edge.source_value);
    if (back) {
      const cycle = [edge.source_value, ...back].join(" → ");
      throw new UserError(
        `Cycle rejected: ${edge.source_value} → ${edge.target_doc_id} would close the cycle ${cycle}.`,
        "doc_depends_on must stay acyclic; remove one dependency of the cycle first.",
      );
    }
  }
  const status = edge.status ?? "approved";
  const existing = statement(
    db,
    "SELECT edge_id, status FROM edges WHERE edge_type = ? AND source_value = ? AND target_doc_id = ?",
  ).get(edge.edge_type, edge.source_value, edge.target_doc_id) as
    | { edge_id: number; status: string }
    | undefined;
  if (existing) {
    if (existing.status === status) return { edge_id: existing.edge_id, created: false };
    db.prepare("UPDATE edges SET status = ? WHERE edge_id = ?").run(status, existing.edge_id);
    return { edge_id: existing.edge_id, created: true };
  }
  const info = statement(
    db,
    "INSERT INTO edges (edge_type, source_value, target_doc_id, status, created_version) VALUES (?, ?, ?, ?, ?)",
  ).run(edge.edge_type, edge.source_value, edge.target_doc_id, status, version);
  return { edge_id: Number(info.lastInsertRowid), created: true };
}

/** Retires an edge (kept for history; snapshots already hold it). */
export function deprecateEdge(db: Db, edgeId: number): void {
  db.prepare("UPDATE edges SET status = 'deprecated' WHERE edge_id = ?").run(edgeId);
}

export function getEdge(db: Db, edgeId: number): EdgeRow | undefined {
  return db.prepare("SELECT * FROM edges WHERE edge_id = ?").get(edgeId) as EdgeRow | undefined;
}

/**
 * The documents at either end of `edgeIds`, in one query: each edge's document and, for a dependency, the
 * document it depends on. A seed adds tens of thousands of edges: one query each was up to a tenth of it.
 */
export function edgeEndDocuments(db: Db, edgeIds: readonly number[]): string[] {
  const rows = db
    .prepare(
      `SELECT target_doc_id, CASE WHEN edge_type = 'doc_depends_on' THEN source_value END AS depended
       FROM edges WHERE edge_id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(edgeIds)) as { target_doc_id: string; depended: string | null }[];
  return rows.flatMap((r) => (r.depended === null ? [r.target_doc_id] : [r.target_doc_id, r.depended]));
}

export function edgesOfDocument(db: Db, docId: string): EdgeRow[] {
  return db
    .prepare(
      `SELECT * FROM edges WHERE target_doc_id = ? OR (edge_type = 'doc_depends_on' AND source_value = ?)
       ORDER BY edge_id`,
    )
    .all(docId, docId) as EdgeRow[];
}

export interface EdgeEnds {
  edge_id: number;
  edge_type: EdgeType;
  source_value: string;
  target_doc_id: string;
}

/** Every approved edge, whatever its target's status, by edge_id. */
export function approvedEdges(db: Db): EdgeEnds[] {
  return db
    .prepare(
      "SELECT edge_id, edge_type, source_value, target_doc_id FROM edges WHERE status = 'approved' ORDER BY edge_id",
    )
    .all() as EdgeEnds[];
}

/** The doc_depends_on edges the acyclicity rule counts (INV-2): every one not deprecated, by edge_id. */
export function liveDependencyEdges(db: Db): Omit<EdgeEnds, "edge_type">[] {
  return db
    .prepare(
      `SELECT edge_id, source_value, target_doc_id FROM edges
       WHERE edge_type = 'doc_depends_on' AND status != 'deprecated' ORDER BY edge_id`,
    )
    .all() as Omit<EdgeEnds, "edge_type">[];
}

/**
 * The approved edges a document's own definition states: the selectors that reach it, and what it
 * depends on (not the documents that depend on it), by edge_id.
 */
export function edgesOwnedBy(db: Db, docId: string): EdgeRow[] {
  return statement(
    db,
    `SELECT * FROM edges WHERE status = 'approved' AND (
       (target_doc_id = @id AND edge_type != 'doc_depends_on') OR (edge_type = 'doc_depends_on' AND source_value = @id))
     ORDER BY edge_id`,
  ).all({ id: docId }) as EdgeRow[];
}

/** Whether any approved edge reaches `docId`: without one, no compile selects it by path, layer or command. */
export const approvedEdgeReaches = (db: Db, docId: string): boolean =>
  db.prepare("SELECT 1 FROM edges WHERE status = 'approved' AND target_doc_id = ?").get(docId) !== undefined;

/** The globs of the approved path_requires edges that reach `docId`, by edge_id. */
export const approvedGlobsOf = (db: Db, docId: string): string[] =>
  db
    .prepare(
      `SELECT source_value FROM edges WHERE status = 'approved' AND edge_type = 'path_requires' AND target_doc_id = ?
       ORDER BY edge_id`,
    )
    .pluck()
    .all(docId) as string[];

export interface PathEdgeWithText {
  edge_id: number;
  glob: string;
  doc_id: string;
  title: string;
  content: string;
}

/** Approved path_requires edges to approved documents, with the document's title and text, by edge_id. */
export function pathEdgesWithText(db: Db): PathEdgeWithText[] {
  return db
    .prepare(
      `SELECT e.edge_id, e.source_value AS glob, d.doc_id, d.title, b.content
       FROM edges e JOIN documents d ON d.doc_id = e.target_doc_id
       JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE e.edge_type = 'path_requires' AND e.status = 'approved' AND d.status = 'approved'
       ORDER BY e.edge_id`,
    )
    .all() as PathEdgeWithText[];
}
