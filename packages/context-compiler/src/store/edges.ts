// Edges between selectors (globs, layers, commands, documents) and documents; doc_depends_on stays acyclic.
import { type Db, findPath, UserError } from "@archon/core";
import type { EdgeType } from "./schema.js";

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
  const next = db
    .prepare(
      `SELECT target_doc_id FROM edges WHERE edge_type = 'doc_depends_on' AND source_value = ?
         AND status != 'deprecated' ORDER BY target_doc_id`,
    )
    .pluck();
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
  const existing = db
    .prepare(
      "SELECT edge_id, status FROM edges WHERE edge_type = ? AND source_value = ? AND target_doc_id = ?",
    )
    .get(edge.edge_type, edge.source_value, edge.target_doc_id) as
    | { edge_id: number; status: string }
    | undefined;
  if (existing) {
    if (existing.status === status) return { edge_id: existing.edge_id, created: false };
    db.prepare("UPDATE edges SET status = ? WHERE edge_id = ?").run(status, existing.edge_id);
    return { edge_id: existing.edge_id, created: true };
  }
  const info = db
    .prepare(
      "INSERT INTO edges (edge_type, source_value, target_doc_id, status, created_version) VALUES (?, ?, ?, ?, ?)",
    )
    .run(edge.edge_type, edge.source_value, edge.target_doc_id, status, version);
  return { edge_id: Number(info.lastInsertRowid), created: true };
}

/** Retires an edge (kept for history; snapshots already hold it). */
export function deprecateEdge(db: Db, edgeId: number): void {
  db.prepare("UPDATE edges SET status = 'deprecated' WHERE edge_id = ?").run(edgeId);
}

export function getEdge(db: Db, edgeId: number): EdgeRow | undefined {
  return db.prepare("SELECT * FROM edges WHERE edge_id = ?").get(edgeId) as EdgeRow | undefined;
}

export function edgesOfDocument(db: Db, docId: string): EdgeRow[] {
  return db
    .prepare(
      `SELECT * FROM edges WHERE target_doc_id = ? OR (edge_type = 'doc_depends_on' AND source_value = ?)
       ORDER BY edge_id`,
    )
    .all(docId, docId) as EdgeRow[];
}
