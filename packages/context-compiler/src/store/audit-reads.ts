// The quality tooling's reads over the compile audit, and prune-log's fold-then-delete of old rows. The
// rows are read through audit.ts's loggedOutcomes (the packed form unpacked, legacy rows in the same
// shape), so these passes never depend on how a row is stored.
import type { Db } from "@archon/core";
import { type LoggedOutcome, loggedOutcomes } from "./audit.js";
import { type AggregateRow, emptyAggregate, foldAggregates } from "./audit-aggregates.js";

export interface NearMissCount {
  pattern: string;
  doc_ids: string[];
  near_misses: number;
  files: string[];
}

/** Near-miss edges (a path glob that almost matched a target) counted over the audit rows still kept. */
export function loggedNearMisses(db: Db, files?: readonly string[]): NearMissCount[] {
  const only = files && files.length > 0 ? new Set(files) : undefined;
  const byEdge = new Map<string, NearMissCount>();
  for (const row of loggedOutcomes(db)) {
    for (const m of row.outcome?.near_miss_edges ?? []) {
      if (only && !only.has(m.file)) continue;
      const doc_ids = [...m.doc_ids].sort();
      const key = JSON.stringify([m.pattern, doc_ids]);
      const entry = byEdge.get(key) ?? { pattern: m.pattern, doc_ids, near_misses: 0, files: [] };
      entry.near_misses += 1;
      if (!entry.files.includes(m.file)) entry.files.push(m.file);
      byEdge.set(key, entry);
    }
  }
  return [...byEdge.values()].map((e) => ({ ...e, files: e.files.sort() }));
}

export interface AuditSize {
  compiles: number;
  /** Per-document deliveries the kept rows record (inside each row's packed outcome). */
  deliveries: number;
  /** Bytes of the rows' stored columns (request and packed outcome): what the log costs on disk, roughly. */
  approx_bytes: number;
  oldest: string | null;
  newest: string | null;
  aggregate_rows: number;
}

export function auditSize(db: Db): AuditSize {
  const log = db
    .prepare(
      `SELECT COUNT(*) AS compiles, MIN(created_at) AS oldest, MAX(created_at) AS newest,
         COALESCE(SUM(LENGTH(request) + COALESCE(LENGTH(outcome), 0)), 0) AS bytes
       FROM compile_log`,
    )
    .get() as { compiles: number; oldest: string | null; newest: string | null; bytes: number };
  let deliveries = 0;
  for (const row of loggedOutcomes(db)) deliveries += row.outcome?.deliveries.length ?? 0;
  return {
    compiles: log.compiles,
    deliveries,
    approx_bytes: log.bytes,
    oldest: log.oldest,
    newest: log.newest,
    aggregate_rows: db.prepare("SELECT COUNT(*) FROM audit_aggregates").pluck().get() as number,
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

/** A document's first delivery in a compile, as the per-document rows used to keep it. */
function deliveriesOf(row: LoggedOutcome): LoggedCompile["deliveries"] {
  const first = new Map<string, LoggedCompile["deliveries"][number]>();
  for (const { doc_id, delivery } of row.outcome?.deliveries ?? [])
    if (!first.has(doc_id)) first.set(doc_id, { doc_id, delivery });
  return [...first.values()].sort((a, b) => (a.doc_id < b.doc_id ? -1 : 1));
}

/** One kept audit row as eval reads it: its budget and its per-document deliveries (by doc_id). */
export const loggedCompile = (row: LoggedOutcome): LoggedCompile => ({
  compile_id: row.compile_id,
  created_at: row.created_at,
  status: row.status,
  inline_bytes: row.outcome?.budget.inline_bytes ?? 0,
  max_inline_bytes: row.outcome?.budget.max_inline_bytes ?? 0,
  deliveries: deliveriesOf(row),
});

/** Every kept compile with its per-document deliveries (by doc_id), oldest first. */
export function loggedCompiles(db: Db): LoggedCompile[] {
  return [...loggedOutcomes(db)].map(loggedCompile);
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
  const perCompile = new Map<string, AggregateRow>();
  const perDoc = new Map<string, AggregateRow>();
  const perEdge = new Map<string, AggregateRow>();
  const at = (map: Map<string, AggregateRow>, key: string, make: () => AggregateRow) => {
    let row = map.get(key);
    if (!row) {
      row = make();
      map.set(key, row);
    }
    return row;
  };
  for (const row of loggedOutcomes(db, { before })) {
    const day = row.created_at.slice(0, 10);
    const compiles = at(perCompile, day, () => emptyAggregate(day, "compiles", "*"));
    compiles.compiles += 1;
    compiles.inline_bytes += row.outcome?.budget.inline_bytes ?? 0;
    compiles.max_inline_bytes += row.outcome?.budget.max_inline_bytes ?? 0;
    if (row.status === "error") compiles.errors += 1;
    for (const { doc_id, delivery } of deliveriesOf(row)) {
      const doc = at(perDoc, `${day} ${doc_id}`, () => emptyAggregate(day, "delivery", doc_id));
      doc.compiles += 1;
      doc[delivery] += 1;
    }
    for (const m of row.outcome?.near_miss_edges ?? []) {
      const subject = JSON.stringify({ pattern: m.pattern, doc_ids: [...m.doc_ids].sort() });
      at(perEdge, `${day} ${subject}`, () => emptyAggregate(day, "near_miss", subject)).compiles += 1;
    }
  }
  const byKey = (a: AggregateRow, b: AggregateRow) =>
    a.day < b.day ? -1 : a.day > b.day ? 1 : a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0;
  return [
    ...[...perCompile.values()].sort(byKey),
    ...[...perDoc.values()].sort(byKey),
    ...[...perEdge.values()].sort(byKey),
  ];
}

/**
 * Folds audit rows created before `before` into the daily aggregates, then deletes them. Call inside the
 * caller's transaction so the fold and the delete cannot be separated. Returns the compiles removed.
 */
export function foldAndDeleteAuditRows(db: Db, before: string): number {
  foldAggregates(db, foldOf(db, before));
  return db.prepare("DELETE FROM compile_log WHERE created_at < ?").run(before).changes;
}
