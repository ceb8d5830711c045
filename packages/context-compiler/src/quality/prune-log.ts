// prune-log: audit retention by fold-then-delete (INV-5's documented narrowing). Audit rows older than the
// cutoff become daily aggregates per document, near-miss edge and day (and per document, the deliveries a
// read followed), then go, in one transaction with the episodic memory of the same age; automatic session
// notes go too, hand-written ones stay; and the read hooks' records of the same age (a file beside the
// database, so after the transaction).
import { type Clock, type Db, UserError } from "@archon/core";
import { pruneReadsBefore, type ReadRecord, readReads } from "../hooks/read-log.js";
import { indexSessionNotes } from "../memory/session-notes.js";
import { foldReadCounts } from "../store/audit-aggregates.js";
import { foldAndDeleteAuditRows, loggedCompiles } from "../store/audit-reads.js";
import { getDocument } from "../store/documents.js";
import { pruneAutomaticNotes } from "../store/memory-notes.js";
import { compileSessions, pruneCompilesBefore } from "../store/memory-runs.js";
import { dailyReads } from "./delivery-reads.js";

export interface PruneLogResult {
  older_than_days: number;
  cutoff: string;
  compiles_folded: number;
  /** Deliveries of the folded compiles that a read followed, kept as 'read' aggregates. */
  reads_folded: number;
  memory_compiles_removed: number;
  automatic_notes_removed: number;
  reads_removed: number;
}

/** `--older-than` as days: a whole number, 0 or more. No default: retention is the person's call. */
export function parseOlderThan(value: string | undefined): number {
  const days = Number(value);
  if (value === undefined || value.trim() === "" || !Number.isInteger(days) || days < 0)
    throw new UserError(
      value === undefined
        ? "prune-log needs --older-than <days>."
        : `--older-than must be a whole number of days, not "${value}".`,
      "There is no default on purpose: say how many days of audit rows to keep, for example --older-than 90.",
      "older-than",
    );
  return days;
}

/**
 * Folds, per day and document, how many deliveries of the compiles about to go were followed by a read
 * (eval's rule, over the reads kept now): their reads are pruned with them. Returns the reads folded.
 */
function foldReadsBefore(db: Db, cutoff: string, reads: readonly ReadRecord[]): number {
  const rows = dailyReads({
    compiles: loggedCompiles(db).filter((c) => c.created_at < cutoff),
    sessions: compileSessions(db),
    sourceOf: (docId) => getDocument(db, docId)?.source_path ?? undefined,
    reads,
  });
  foldReadCounts(db, rows);
  return rows.reduce((sum, r) => sum + r.read, 0);
}

/** `projectRoot` is where the read hooks keep their records (.archon/hooks/reads.jsonl). */
export function pruneLog(db: Db, olderThanDays: number, clock: Clock, projectRoot: string): PruneLogResult {
  const cutoff = new Date(clock.now().getTime() - olderThanDays * 24 * 3600 * 1000).toISOString();
  // Notes still only in observations are folded first, so an automatic one is judged by its note's age.
  indexSessionNotes(db);
  const reads = readReads(projectRoot);
  const pruned = db
    .transaction(() => ({
      older_than_days: olderThanDays,
      cutoff,
      reads_folded: foldReadsBefore(db, cutoff, reads),
      compiles_folded: foldAndDeleteAuditRows(db, cutoff),
      memory_compiles_removed: pruneCompilesBefore(db, cutoff),
      automatic_notes_removed: pruneAutomaticNotes(db, cutoff),
    }))
    .immediate();
  return { ...pruned, reads_removed: pruneReadsBefore(projectRoot, cutoff) };
}
