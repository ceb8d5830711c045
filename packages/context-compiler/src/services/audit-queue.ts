// Audit rows, written off the response path. The first row of a server is written at once, so that a
// compile can still say in its own warnings that its audit row was not written (INV-5); once the database
// has taken a write, rows go to a background writer with its own connection (audit-thread.ts), hashed and
// reduced on this thread on a later turn of the event loop than the compile's, and a failure there is
// said in the next compile's warnings. Where no writer thread can run (an in-memory database, or no built
// worker script) rows queue for a short window and land together on this thread. Closing flushes
// everything; a process killed before that loses at most the rows not yet committed.
import type { Db } from "@archon/core";
import type { AuditTerms } from "../store/audit-terms.js";
import { AuditBatch } from "./audit-batch.js";
import { type HandedAudit, handOver, type PendingAudit } from "./audit-entry.js";
import { AuditThread } from "./audit-thread.js";
import { type IdleTimers, nodeTimers } from "./idle-work.js";

/** How long a queued row may wait for others to share its commit, when written on this thread. */
export const AUDIT_FLUSH_WINDOW_MS = 30;

export interface AuditQueueOptions {
  /** The database file, for the background writer's own connection; ":memory:" keeps writes here. */
  path: string;
  /** Why the file at `path` cannot take a write now (see AuditBatch); rows wait meanwhile. */
  refusal?: () => unknown;
  /** Write in a background thread once the database has taken a write (the server's default). */
  background: boolean;
  /** Runs the batch's write after the window, and the hand-over on a later turn; a test steps them by hand. */
  timers?: Pick<IdleTimers, "after" | "soon">;
}

export class AuditQueue {
  readonly #batch: AuditBatch;
  #thread: AuditThread | undefined;
  #writable = false;
  #scheduled = false;
  /** Rows of compiles whose answers are going out: handed to the writer on the next turn of the loop. */
  #waiting: PendingAudit[] = [];
  /** What went wrong out of sight of any compile (a batch written later, the writer stopping), said next. */
  #unreported: string[] = [];

  constructor(
    db: () => Db,
    terms: AuditTerms,
    private readonly options: AuditQueueOptions,
  ) {
    this.#batch = new AuditBatch(db, terms, options.refusal);
  }

  /** Queues a row; returns a warning when it was written at once and failed, or an earlier write did. */
  record(row: PendingAudit): string | undefined {
    const warnings = this.#takeUnreported();
    if (this.#thread) {
      this.#waiting.push(row);
      if (this.#waiting.length === 1) (this.options.timers ?? nodeTimers).soon(() => this.#handOverWaiting());
      return joined(warnings);
    }
    // The writer stopped: rows still waiting for it are written here, before this one.
    this.#handOverWaiting();
    this.#batch.add(handOver(row));
    if (!this.#writable) {
      const now = this.flush();
      if (now) warnings.push(now);
      else this.#startThread();
    } else if (!this.#scheduled) {
      this.#scheduled = true;
      // Unref'd (nodeTimers): a queued batch never keeps a process alive; close() writes it.
      (this.options.timers ?? nodeTimers).after(AUDIT_FLUSH_WINDOW_MS, () => {
        this.#scheduled = false;
        const rows = this.#batch.size;
        const failure = this.#write();
        if (failure)
          this.#unreported.push(
            `An earlier batch of ${rows} audit row(s) could not be written (${failure.message}); the rows are kept and retried with this compile's.${this.#lost()}`,
          );
      });
    }
    return joined(warnings);
  }

  /** Runs a compile so that the background writer's commits do not overlap it (commit-gate.ts). */
  serving<T>(compile: () => T): T {
    return this.#thread ? this.#thread.serving(compile) : compile();
  }

  /** Writes (or waits for the writer to write) every queued row. Returns a warning when that failed. */
  flush(): string | undefined {
    this.#handOverWaiting();
    if (this.#thread) {
      return this.#thread.flush()
        ? undefined
        : "The background audit writer did not answer; queued audit rows may not be written yet.";
    }
    const failure = this.#write();
    return failure
      ? `The audit row for this compile could not be written (${failure.message}); the result is still valid and the row will be retried.${this.#lost()}`
      : undefined;
  }

  /** Flushes and stops the background writer; returns a warning when rows may be lost. */
  close(): string | undefined {
    this.#handOverWaiting();
    const thread = this.#thread;
    this.#thread = undefined;
    if (thread && !thread.close()) return "The background audit writer did not finish writing before close.";
    return this.#write()?.message;
  }

  /**
   * Hashes and reduces the waiting rows (audit-entry.ts) and hands them to the writer, or to this thread's
   * batch when the writer is gone. The agent is not kept waiting for this: it runs after the answer.
   */
  #handOverWaiting(): void {
    const rows = this.#waiting;
    if (rows.length === 0) return;
    this.#waiting = [];
    for (const row of rows) {
      let handed: HandedAudit;
      try {
        handed = handOver(row);
      } catch (error) {
        // Outside any request: a row that cannot be hashed is said next, never a crash of the server.
        this.#unreported.push(
          `The audit row of ${row.compile_id} could not be prepared (${error instanceof Error ? error.message : String(error)}); it was not written.`,
        );
        continue;
      }
      if (this.#thread) this.#thread.post(handed);
      else this.#batch.add(handed);
    }
  }

  #write(): Error | undefined {
    const failure = this.#batch.write();
    this.#writable = failure === undefined;
    return failure;
  }

  #startThread(): void {
    if (!this.options.background || this.options.path === ":memory:") return;
    this.#thread = AuditThread.start(this.options.path);
  }

  /** Warnings owed to this compile: the writer's reports, or its loss when it stopped. */
  #takeUnreported(): string[] {
    const thread = this.#thread;
    if (thread) {
      // A batch retried and refused again is one problem: say the latest attempt, and every row dropped.
      const replies = thread.takeReplies();
      const last = replies.at(-1);
      if (last) {
        const dropped = replies.reduce((n, r) => n + r.dropped, 0);
        this.#unreported.push(
          `An earlier batch of ${last.rows} audit row(s) could not be written (${last.message}); the rows are kept and retried with the next.${dropped > 0 ? ` ${dropped} earlier audit row(s) were dropped.` : ""}`,
        );
      }
      const lost = thread.lost;
      if (lost) {
        // Back to writing on this thread, at once, until the database is seen to take a write again.
        this.#thread = undefined;
        this.#writable = false;
        this.#unreported.push(
          `The background audit writer stopped (${lost.reason}); ${lost.rows} audit row(s) were not written.`,
        );
      }
    }
    const warnings = this.#unreported;
    this.#unreported = [];
    return warnings;
  }

  #lost(): string {
    const dropped = this.#batch.takeDropped();
    return dropped > 0 ? ` ${dropped} earlier audit row(s) were dropped.` : "";
  }
}

function joined(warnings: readonly string[]): string | undefined {
  return warnings.length > 0 ? warnings.join(" ") : undefined;
}
