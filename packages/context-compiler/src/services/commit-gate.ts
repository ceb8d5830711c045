// Keeps the background writer's commits and the main thread's compiles apart. In DELETE-journal mode a
// commit locks the file for its two fsyncs; a read that meets it fails with SQLITE_BUSY and SQLite's busy
// handler sleeps 1, 2, 5, 10 ms... before trying again, so a compile waited for the sleeps, not for the
// commit. Here the writer commits only while no compile runs (waiting a bounded time for one to end), and
// a compile that starts during a commit waits on the shared flag and wakes the moment the commit ends.
// Both sides raise their own flag before reading the other's, so at least one of them sees the other.
import { FLAG } from "./audit-thread-protocol.js";

/** The longest the writer defers a commit to compiles: a server busy without pause still gets its rows written. */
export const MAX_DEFER_MS = 250;
/** The longest a compile waits for a commit before reading anyway (SQLite's busy handler takes over). */
export const MAX_WAIT_MS = 1000;

/** The main thread's side: around each compile. */
export function enterServing(flags: Int32Array, maxWaitMs = MAX_WAIT_MS): void {
  Atomics.store(flags, FLAG.serving, 1);
  const deadline = Date.now() + maxWaitMs;
  while (Atomics.load(flags, FLAG.committing) === 1) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    Atomics.wait(flags, FLAG.committing, 1, left);
  }
}

export function leaveServing(flags: Int32Array): void {
  Atomics.store(flags, FLAG.serving, 0);
  Atomics.notify(flags, FLAG.serving);
}

/** The writer's side: runs `commit` when no compile is running (or once `maxDeferMs` have passed). */
export function commitWhenIdle<T>(flags: Int32Array, commit: () => T, maxDeferMs = MAX_DEFER_MS): T {
  const deadline = Date.now() + maxDeferMs;
  for (;;) {
    Atomics.store(flags, FLAG.committing, 1);
    const left = deadline - Date.now();
    if (Atomics.load(flags, FLAG.serving) === 0 || left <= 0) break;
    // A compile is running: step back so it is not kept waiting, and go when it ends.
    Atomics.store(flags, FLAG.committing, 0);
    Atomics.notify(flags, FLAG.committing);
    Atomics.wait(flags, FLAG.serving, 1, left);
  }
  try {
    return commit();
  } finally {
    Atomics.store(flags, FLAG.committing, 0);
    Atomics.notify(flags, FLAG.committing);
  }
}
