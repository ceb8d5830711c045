// Audit rows, written off the response path. In DELETE-journal mode every commit pays two fsyncs, so
// rows queue for a short window and land together in one transaction: an agent compiling file after
// file pays one commit per window, not one per compile. While the database has not yet been seen to
// accept a write, or after a write failed, rows are written at once instead, so that a compile can
// still say in its own warnings that its audit row was not written (INV-5). Closing the server flushes
// the queue; a process killed inside the window loses at most that window's rows. A row is redacted as
// it is queued: the agent writes the plan and agent_id, and may paste a secret into either.
import type { Db } from "@archon/core";
import { redactValue } from "../knowledge/secret-scan.js";
import { type CompileLogEntry, writeCompileLog } from "../store/audit.js";

/** Rows kept for a retry while writes fail; beyond this the oldest are dropped and counted. */
const MAX_PENDING = 1000;
/** How long a queued row may wait for others to share its commit. */
export const AUDIT_FLUSH_WINDOW_MS = 30;

/** The row as it may be stored: every string the agent sent or that echoes it, secrets replaced by markers. */
function redacted(entry: CompileLogEntry): CompileLogEntry {
  const { outcome } = entry;
  return {
    ...entry,
    agent_id: redactValue(entry.agent_id, "agent_id").value,
    request: redactValue(entry.request, "request").value,
    error: redactValue(entry.error, "error").value,
    outcome: outcome && { ...outcome, debug: redactValue(outcome.debug, "debug").value },
  };
}

export class AuditQueue {
  #pending: CompileLogEntry[] = [];
  #writable = false;
  #scheduled = false;
  #dropped = 0;
  /** A batch written in the background that failed: no compile was there to say so, so the next one does. */
  #unreported: string | undefined;

  constructor(private readonly db: () => Db) {}

  /** Queues a row; returns a warning when it was written at once and failed, or an earlier batch did. */
  record(entry: CompileLogEntry): string | undefined {
    const earlier = this.#unreported;
    this.#unreported = undefined;
    this.#pending.push(redacted(entry));
    const now = this.#writable ? undefined : this.flush();
    if (this.#writable && !this.#scheduled) {
      this.#scheduled = true;
      setTimeout(() => {
        this.#scheduled = false;
        const rows = this.#pending.length;
        const failure = this.#write();
        if (failure)
          this.#unreported = `An earlier batch of ${rows} audit row(s) could not be written (${failure.message}); the rows are kept and retried with this compile's.${this.#lost()}`;
      }, AUDIT_FLUSH_WINDOW_MS).unref();
    }
    const warnings = [earlier, now].filter((w) => w !== undefined);
    return warnings.length > 0 ? warnings.join(" ") : undefined;
  }

  /** Writes every queued row in one transaction. Returns a warning when that failed. */
  flush(): string | undefined {
    const failure = this.#write();
    return failure
      ? `The audit row for this compile could not be written (${failure.message}); the result is still valid and the row will be retried.${this.#lost()}`
      : undefined;
  }

  /** One transaction for every queued row; on failure the rows stay queued (the oldest dropped past the cap). */
  #write(): Error | undefined {
    if (this.#pending.length === 0) return undefined;
    const rows = this.#pending;
    this.#pending = [];
    try {
      const db = this.db();
      db.transaction(() => {
        for (const row of rows) writeCompileLog(db, row);
      }).immediate();
      this.#writable = true;
      return undefined;
    } catch (error) {
      this.#writable = false;
      this.#pending = [...rows, ...this.#pending];
      if (this.#pending.length > MAX_PENDING) {
        this.#dropped += this.#pending.length - MAX_PENDING;
        this.#pending = this.#pending.slice(-MAX_PENDING);
      }
      return error as Error;
    }
  }

  #lost(): string {
    return this.#dropped > 0 ? ` ${this.#dropped} earlier audit row(s) were dropped.` : "";
  }
}
