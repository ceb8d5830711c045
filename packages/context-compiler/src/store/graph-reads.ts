// Paged reads for the web UI's lists: one page of rows in a pinned order, with the total it is a page of.
import type { Db } from "@archon/core";
import { deliveredCount } from "./audit-pack.js";
import type { ConflictRow } from "./conflicts.js";
import type { EdgeRow } from "./edges.js";
import type { Observation } from "./observations.js";

export interface Paged<T> {
  rows: T[];
  total: number;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface DocumentListRow {
  doc_id: string;
  title: string;
  kind: string;
  status: string;
  priority: number;
  origin: string | null;
  updated_version: number;
}

/** Documents by doc_id, any status unless `status` narrows them; `origin` "standing" keeps standing rules. */
export function documentsPage(
  db: Db,
  page: PageRequest,
  filter: { status?: string; origin?: string } = {},
): Paged<DocumentListRow> {
  const where = "(@status IS NULL OR status = @status) AND (@origin IS NULL OR origin = @origin)";
  const params = { status: filter.status ?? null, origin: filter.origin ?? null, ...page };
  return {
    rows: db
      .prepare(
        `SELECT doc_id, title, kind, status, priority, origin, updated_version FROM documents
         WHERE ${where} ORDER BY doc_id LIMIT @limit OFFSET @offset`,
      )
      .all(params) as DocumentListRow[],
    total: db.prepare(`SELECT COUNT(*) FROM documents WHERE ${where}`).pluck().get(params) as number,
  };
}

/** Approved edges by edge_id. */
export function edgesPage(db: Db, page: PageRequest): Paged<EdgeRow> {
  return {
    rows: db
      .prepare("SELECT * FROM edges WHERE status = 'approved' ORDER BY edge_id LIMIT @limit OFFSET @offset")
      .all(page) as EdgeRow[],
    total: db.prepare("SELECT COUNT(*) FROM edges WHERE status = 'approved'").pluck().get() as number,
  };
}

export interface CompileLogLine {
  compile_id: string;
  created_at: string;
  status: "ok" | "error";
  knowledge_version: number;
  target_files: string[];
  resolved: number;
}

/** Compiles newest first (compile_id breaks ties, so the order is total). */
export function compileLogPage(db: Db, page: PageRequest): Paged<CompileLogLine> {
  const rows = db
    .prepare(
      `SELECT compile_id, created_at, status, knowledge_version,
         json_extract(request, '$.target_files') AS target_files, outcome
       FROM compile_log ORDER BY created_at DESC, compile_id DESC LIMIT @limit OFFSET @offset`,
    )
    .all(page) as (Omit<CompileLogLine, "target_files" | "resolved"> & {
    target_files: string | null;
    outcome: Buffer | null;
  })[];
  return {
    rows: rows.map(({ outcome, ...r }) => ({
      ...r,
      target_files: JSON.parse(r.target_files ?? "[]") as string[],
      resolved: deliveredCount(outcome),
    })),
    total: db.prepare("SELECT COUNT(*) FROM compile_log").pluck().get() as number,
  };
}

/** The ids of one page of proposals with `status`, oldest first (the review order of list_proposals). */
export function proposalIdsPage(db: Db, status: string, page: PageRequest): Paged<string> {
  return {
    rows: db
      .prepare(
        `SELECT proposal_id FROM proposals WHERE status = @status
         ORDER BY created_at, proposal_id LIMIT @limit OFFSET @offset`,
      )
      .pluck()
      .all({ status, ...page }) as string[],
    total: db.prepare("SELECT COUNT(*) FROM proposals WHERE status = ?").pluck().get(status) as number,
  };
}

/** Bundles with at least one pending member, with how many, by bundle_id. */
export function pendingBundles(db: Db): { bundle_id: string; pending: number }[] {
  return db
    .prepare(
      `SELECT bundle_id, COUNT(*) AS pending FROM proposals WHERE status = 'pending' AND bundle_id IS NOT NULL
       GROUP BY bundle_id ORDER BY bundle_id`,
    )
    .all() as { bundle_id: string; pending: number }[];
}

/** The ids of one page of observations with `status`, oldest first. */
export function observationIdsPage(db: Db, status: Observation["status"], page: PageRequest): Paged<string> {
  return {
    rows: db
      .prepare(
        `SELECT observation_id FROM observations WHERE status = @status
         ORDER BY created_at, observation_id LIMIT @limit OFFSET @offset`,
      )
      .pluck()
      .all({ status, ...page }) as string[],
    total: db.prepare("SELECT COUNT(*) FROM observations WHERE status = ?").pluck().get(status) as number,
  };
}

/** Conflicts still waiting for an answer whose proposal is pending, oldest first. */
export function unansweredConflictsPage(db: Db, page: PageRequest): Paged<ConflictRow> {
  const from = `FROM conflicts c JOIN proposals p ON p.proposal_id = c.proposal_id
    WHERE c.resolution IS NULL AND p.status = 'pending'`;
  return {
    rows: db
      .prepare(`SELECT c.* ${from} ORDER BY c.created_at, c.conflict_id LIMIT @limit OFFSET @offset`)
      .all(page) as ConflictRow[],
    total: db.prepare(`SELECT COUNT(*) ${from}`).pluck().get() as number,
  };
}
