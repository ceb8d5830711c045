// The quality tooling's reads over the compile audit (compile_log, compile_deliveries), and prune-log's
// fold-then-delete of old rows. Kept apart from audit.ts, which writes the audit, so the row format can
// change in one place and these queries follow it.
import type { Db } from "@archon/core";
import { type AggregateRow, foldAggregates } from "./audit-aggregates.js";

export interface NearMissCount {
  pattern: string;
  doc_ids: string[];
  near_misses: number;
  files: string[];
}

/** Near-miss edges (a path glob that almost matched a target) counted over the audit rows still kept. */
export function loggedNearMisses(db: Db, files?: readonly string[]): NearMissCount[] {
  const rows = db
    .prepare(
      `SELECT json_extract(n.value, '$.pattern') AS pattern, json_extract(n.value, '$.doc_ids') AS doc_ids,
         json_extract(n.value, '$.file') AS file
       FROM compile_log c, json_each(c.debug, '$.near_miss_edges') n
       WHERE @files IS NULL OR json_extract(n.value, '$.file') IN (SELECT value FROM json_each(@files))`,
    )
    .all({ files: files && files.length > 0 ? JSON.stringify(files) : null }) as {
    pattern: string;
    doc_ids: string;
    file: string;
  }[];
  const byEdge = new Map<string, NearMissCount>();
  for (const r of rows) {
    const doc_ids = (JSON.parse(r.doc_ids) as string[]).slice().sort();
    const key = JSON.stringify([r.pattern, doc_ids]);
    const entry = byEdge.get(key) ?? { pattern: r.pattern, doc_ids, near_misses: 0, files: [] };
    entry.near_misses += 1;
    if (!entry.files.includes(r.file)) entry.files.push(r.file);
    byEdge.set(key, entry);
  }
  return [...byEdge.values()].map((e) => ({ ...e, files: e.files.sort() }));
}

export interface AuditSize {
  compiles: number;
  deliveries: number;
  /** Bytes of the row texts (request, delivery, debug): what the log costs on disk, roughly. */
  approx_bytes: number;
  oldest: string | null;
  newest: string | null;
  aggregate_rows: number;
}

export function auditSize(db: Db): AuditSize {
  const log = db
    .prepare(
      `SELECT COUNT(*) AS compiles, MIN(created_at) AS oldest, MAX(created_at) AS newest,
         COALESCE(SUM(LENGTH(request) + LENGTH(delivery) + LENGTH(debug) + LENGTH(resolved_doc_ids)), 0) AS bytes
       FROM compile_log`,
    )
    .get() as { compiles: number; oldest: string | null; newest: string | null; bytes: number };
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  return {
    compiles: log.compiles,
    deliveries: count("SELECT COUNT(*) FROM compile_deliveries"),
    approx_bytes: log.bytes,
    oldest: log.oldest,
    newest: log.newest,
    aggregate_rows: count("SELECT COUNT(*) FROM audit_aggregates"),
  };
}

export interface LoggedCompile {
  compile_id: string;
  created_at: string;
  status: "ok" | "error";
  inline_bytes: number;
  max_inline_bytes: number;
  deliveries: { doc_id: string; delivery: "inline" | "deferred" | "omitted" }[];
}

/** Every kept compile with its per-document deliveries, oldest first. */
export function loggedCompiles(db: Db): LoggedCompile[] {
  const rows = db
    .prepare(
      `SELECT compile_id, created_at, status,
         COALESCE(json_extract(delivery, '$.inline_bytes'), 0) AS inline_bytes,
         COALESCE(json_extract(delivery, '$.max_inline_bytes'), 0) AS max_inline_bytes
       FROM compile_log ORDER BY created_at, compile_id`,
    )
    .all() as Omit<LoggedCompile, "deliveries">[];
  const deliveries = db.prepare(
    "SELECT doc_id, delivery FROM compile_deliveries WHERE compile_id = ? ORDER BY doc_id",
  );
  return rows.map((r) => ({ ...r, deliveries: deliveries.all(r.compile_id) as LoggedCompile["deliveries"] }));
}

/** The compile_ids of the kept audit rows, oldest first, at most `limit`. */
export function loggedCompileIds(db: Db, limit: number): string[] {
  return db
    .prepare("SELECT compile_id FROM compile_log ORDER BY created_at, compile_id LIMIT ?")
    .pluck()
    .all(limit) as string[];
}

/** The aggregate rows the audit rows created before `before` (ISO) fold into, per day. */
function foldOf(db: Db, before: string): AggregateRow[] {
  const day = "substr(c.created_at, 1, 10)";
  const perCompile = db
    .prepare(
      `SELECT ${day} AS day, 'compiles' AS kind, '*' AS subject, COUNT(*) AS compiles,
         0 AS inline, 0 AS deferred, 0 AS omitted,
         COALESCE(SUM(json_extract(c.delivery, '$.inline_bytes')), 0) AS inline_bytes,
         COALESCE(SUM(json_extract(c.delivery, '$.max_inline_bytes')), 0) AS max_inline_bytes,
         COUNT(CASE WHEN c.status = 'error' THEN 1 END) AS errors
       FROM compile_log c WHERE c.created_at < ? GROUP BY day ORDER BY day`,
    )
    .all(before) as AggregateRow[];
  const perDoc = db
    .prepare(
      `SELECT ${day} AS day, 'delivery' AS kind, d.doc_id AS subject, COUNT(*) AS compiles,
         COUNT(CASE WHEN d.delivery = 'inline' THEN 1 END) AS inline,
         COUNT(CASE WHEN d.delivery = 'deferred' THEN 1 END) AS deferred,
         COUNT(CASE WHEN d.delivery = 'omitted' THEN 1 END) AS omitted,
         0 AS inline_bytes, 0 AS max_inline_bytes, 0 AS errors
       FROM compile_deliveries d JOIN compile_log c ON c.compile_id = d.compile_id
       WHERE c.created_at < ? GROUP BY day, d.doc_id ORDER BY day, d.doc_id`,
    )
    .all(before) as AggregateRow[];
  const misses = db
    .prepare(
      `SELECT ${day} AS day, json_extract(n.value, '$.pattern') AS pattern,
         json_extract(n.value, '$.doc_ids') AS doc_ids
       FROM compile_log c, json_each(c.debug, '$.near_miss_edges') n WHERE c.created_at < ?`,
    )
    .all(before) as { day: string; pattern: string; doc_ids: string }[];
  const perEdge = new Map<string, AggregateRow>();
  for (const m of misses) {
    const subject = JSON.stringify({
      pattern: m.pattern,
      doc_ids: (JSON.parse(m.doc_ids) as string[]).sort(),
    });
    const key = `${m.day} ${subject}`;
    const row = perEdge.get(key) ?? {
      day: m.day,
      kind: "near_miss" as const,
      subject,
      compiles: 0,
      inline: 0,
      deferred: 0,
      omitted: 0,
      inline_bytes: 0,
      max_inline_bytes: 0,
      errors: 0,
    };
    row.compiles += 1;
    perEdge.set(key, row);
  }
  return [
    ...perCompile,
    ...perDoc,
    ...[...perEdge.values()].sort((a, b) => (a.subject < b.subject ? -1 : 1)),
  ];
}

/**
 * Folds audit rows created before `before` into the daily aggregates, then deletes them. Call inside the
 * caller's transaction so the fold and the delete cannot be separated. Returns the compiles removed.
 */
export function foldAndDeleteAuditRows(db: Db, before: string): number {
  foldAggregates(db, foldOf(db, before));
  db.prepare(
    "DELETE FROM compile_deliveries WHERE compile_id IN (SELECT compile_id FROM compile_log WHERE created_at < ?)",
  ).run(before);
  return db.prepare("DELETE FROM compile_log WHERE created_at < ?").run(before).changes;
}
