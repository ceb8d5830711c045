// Daily aggregates of pruned audit rows (per document, per near-miss edge, per day's compiles, and per
// document the deliveries a read followed): what prune-log keeps of the rows it deletes, and what eval
// and recall's gaps add to the rows still kept.
import type { Db } from "@archon/core";

export interface AggregateRow {
  day: string;
  /** 'read': subject a doc_id, `compiles` the folded deliveries of it that a read followed (migration 17). */
  kind: "delivery" | "near_miss" | "compiles" | "read";
  subject: string;
  compiles: number;
  inline: number;
  deferred: number;
  omitted: number;
  inline_bytes: number;
  max_inline_bytes: number;
  errors: number;
}

/** A row of the key with every count at zero, for a fold to add to. */
export const emptyAggregate = (day: string, kind: AggregateRow["kind"], subject: string): AggregateRow => ({
  day,
  kind,
  subject,
  compiles: 0,
  inline: 0,
  deferred: 0,
  omitted: 0,
  inline_bytes: 0,
  max_inline_bytes: 0,
  errors: 0,
});

/** Adds `rows` to the aggregates: a day folded twice (rows pruned in two runs) sums, never overwrites. */
export function foldAggregates(db: Db, rows: readonly AggregateRow[]): void {
  const upsert = db.prepare(
    `INSERT INTO audit_aggregates (day, kind, subject, compiles, inline, deferred, omitted, inline_bytes,
       max_inline_bytes, errors)
     VALUES (@day, @kind, @subject, @compiles, @inline, @deferred, @omitted, @inline_bytes, @max_inline_bytes, @errors)
     ON CONFLICT (day, kind, subject) DO UPDATE SET compiles = compiles + excluded.compiles,
       inline = inline + excluded.inline, deferred = deferred + excluded.deferred,
       omitted = omitted + excluded.omitted, inline_bytes = inline_bytes + excluded.inline_bytes,
       max_inline_bytes = max_inline_bytes + excluded.max_inline_bytes, errors = errors + excluded.errors`,
  );
  for (const row of rows) upsert.run(row);
}

/** Folds per-day read counts as 'read' aggregates (the count in `compiles`), summing like every fold. */
export function foldReadCounts(db: Db, rows: readonly { day: string; doc_id: string; read: number }[]): void {
  foldAggregates(
    db,
    rows.map(({ day, doc_id, read }) => ({ ...emptyAggregate(day, "read", doc_id), compiles: read })),
  );
}

/** Aggregates of one kind, summed over every day, by subject. */
export function aggregateTotals(db: Db, kind: AggregateRow["kind"]): Omit<AggregateRow, "day" | "kind">[] {
  return db
    .prepare(
      `SELECT subject, SUM(compiles) AS compiles, SUM(inline) AS inline, SUM(deferred) AS deferred,
         SUM(omitted) AS omitted, SUM(inline_bytes) AS inline_bytes, SUM(max_inline_bytes) AS max_inline_bytes,
         SUM(errors) AS errors
       FROM audit_aggregates WHERE kind = ? GROUP BY subject ORDER BY subject`,
    )
    .all(kind) as Omit<AggregateRow, "day" | "kind">[];
}

/** Every aggregate row, in key order (for tests and exports). */
export function allAggregates(db: Db): AggregateRow[] {
  return db.prepare("SELECT * FROM audit_aggregates ORDER BY day, kind, subject").all() as AggregateRow[];
}
