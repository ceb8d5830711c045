// Writing a batch of audit rows, the same on the main thread and in the background writer: one
// transaction for the whole batch, so a burst of compiles pays one commit. Episodic memory's rows of the
// same compiles go in that transaction too, each in a savepoint: memory is fail-open, the audit is not.
import type { Db } from "@archon/core";
import { type CompileLogEntry, writeCompileLog } from "../store/audit.js";
import type { AuditTerms } from "../store/audit-terms.js";
import { type RunCompileMemory, recordRunCompile } from "../store/memory-runs.js";
import { completeEntry, type HandedAudit } from "./audit-entry.js";

/** Rows kept for a retry while writes fail; beyond this the oldest are dropped and counted. */
export const MAX_PENDING = 1000;

/** A queued row redacted, ready to insert. */
interface Ready {
  entry: CompileLogEntry;
  memory: RunCompileMemory | undefined;
}

const ready = (q: HandedAudit | Ready): Ready =>
  "entry" in q ? q : { entry: completeEntry(q), memory: q.memory };

/** Queued rows and what became of the ones that could not be kept. */
export class AuditBatch {
  #pending: (HandedAudit | Ready)[] = [];
  #dropped = 0;

  constructor(
    private readonly db: () => Db,
    private readonly terms: AuditTerms,
    /**
     * Why the file at the database's path cannot take the rows now (removed, swapped for something
     * unopenable, read-only), already said by the compile that met it. The rows then wait, unwritten:
     * written through the open connection they would land in a file no longer at the path.
     */
    private readonly refusal: () => unknown = () => undefined,
    /** Runs the batch's COMMIT: the background writer defers it while a compile runs (commit-gate.ts). */
    private readonly commitGate: (commit: () => void) => void = (commit) => commit(),
  ) {}

  get size(): number {
    return this.#pending.length;
  }

  add(row: HandedAudit): void {
    this.#pending.push(row);
  }

  /**
   * Redacts the queued rows now: the background writer does it as each row arrives, so that the work is
   * spread over the compiles instead of landing all at once before a batched commit.
   */
  prepare(): void {
    this.#pending = this.#pending.map(ready);
  }

  /**
   * Writes every queued row in one transaction; on failure they stay queued (the oldest dropped past the
   * cap). While the database refuses writes they wait and nothing is reported: the compile said so.
   */
  write(): Error | undefined {
    if (this.#pending.length === 0) return undefined;
    if (this.refusal()) {
      this.#cap();
      return undefined;
    }
    const rows = this.#pending;
    this.#pending = [];
    try {
      const db = this.db();
      const entries = rows.map(ready);
      db.exec("BEGIN IMMEDIATE");
      try {
        for (const { entry, memory } of entries) {
          writeCompileLog(db, this.terms, entry);
          if (memory) remember(db, memory, entry.compile_id, entry.request.plan);
        }
        this.commitGate(() => db.exec("COMMIT"));
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
      return undefined;
    } catch (error) {
      // Term ids handed out inside the rolled-back transaction may go to other terms.
      this.terms.reset();
      this.#pending = [...rows, ...this.#pending];
      this.#cap();
      return error as Error;
    }
  }

  #cap(): void {
    if (this.#pending.length > MAX_PENDING) {
      this.#dropped += this.#pending.length - MAX_PENDING;
      this.#pending = this.#pending.slice(-MAX_PENDING);
    }
  }

  /** Rows dropped so far, said once: the count starts again after it is read. */
  takeDropped(): number {
    const dropped = this.#dropped;
    this.#dropped = 0;
    return dropped;
  }
}

/** A memory row that cannot be written is left out; the audit row beside it is written all the same. */
function remember(db: Db, memory: RunCompileMemory, compile_id: string, plan: string | undefined): void {
  try {
    db.transaction(() =>
      recordRunCompile(db, memory.run, { compile_id, plan: plan ?? null, files: memory.files }),
    )();
  } catch {
    // Fail-open: recall simply does not know this compile.
  }
}
