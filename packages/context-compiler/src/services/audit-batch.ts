// Writing a batch of audit rows, the same on the main thread and in the background writer: one
// transaction for the whole batch, so a burst of compiles pays one commit.
import type { Db } from "@archon/core";
import { writeCompileLog } from "../store/audit.js";
import type { AuditTerms } from "../store/audit-terms.js";
import { completeEntry, type PendingAudit } from "./audit-entry.js";

/** Rows kept for a retry while writes fail; beyond this the oldest are dropped and counted. */
export const MAX_PENDING = 1000;

/** Queued rows and what became of the ones that could not be kept. */
export class AuditBatch {
  #pending: PendingAudit[] = [];
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
  ) {}

  get size(): number {
    return this.#pending.length;
  }

  add(row: PendingAudit): void {
    this.#pending.push(row);
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
      const entries = rows.map(completeEntry);
      db.transaction(() => {
        for (const entry of entries) writeCompileLog(db, this.terms, entry);
      }).immediate();
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
