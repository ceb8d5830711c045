// prune-log: audit retention by fold-then-delete (INV-5's documented narrowing). Audit rows older than the
// cutoff become daily aggregates per document, near-miss edge and day, then go, in one transaction with
// the episodic memory of the same age; automatic session notes go too, hand-written ones stay; and the Read
// hook's records of the same age (a file beside the database, so after the transaction).
import { type Clock, type Db, UserError } from "@archon/core";
import { pruneReadsBefore } from "../hooks/read-log.js";
import { indexSessionNotes } from "../memory/session-notes.js";
import { foldAndDeleteAuditRows } from "../store/audit-reads.js";
import { pruneAutomaticNotes } from "../store/memory-notes.js";
import { pruneCompilesBefore } from "../store/memory-runs.js";

export interface PruneLogResult {
  older_than_days: number;
  cutoff: string;
  compiles_folded: number;
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

/** `projectRoot` is where the Read hook keeps its records (.archon/hooks/reads.jsonl). */
export function pruneLog(db: Db, olderThanDays: number, clock: Clock, projectRoot: string): PruneLogResult {
  const cutoff = new Date(clock.now().getTime() - olderThanDays * 24 * 3600 * 1000).toISOString();
  // Notes still only in observations are folded first, so an automatic one is judged by its note's age.
  indexSessionNotes(db);
  const pruned = db
    .transaction(() => ({
      older_than_days: olderThanDays,
      cutoff,
      compiles_folded: foldAndDeleteAuditRows(db, cutoff),
      memory_compiles_removed: pruneCompilesBefore(db, cutoff),
      automatic_notes_removed: pruneAutomaticNotes(db, cutoff),
    }))
    .immediate();
  return { ...pruned, reads_removed: pruneReadsBefore(projectRoot, cutoff) };
}
