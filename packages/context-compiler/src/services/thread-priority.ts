// Background threads give way to the thread answering requests. On Linux every thread has an id of its own
// that setpriority takes (/proc/thread-self names it), so a worker can lower its own priority without
// touching the process's main thread. Elsewhere, or where the system refuses, nothing changes.
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/**
 * How many nice steps a background thread goes below the one that started it: when the two compete for
 * the cores it gets a small share, and when a core is free it runs at full speed.
 */
export const BACKGROUND_NICE_STEPS = 10;
/** The lowest priority there is (the highest nice value). */
const LOWEST = 19;

/**
 * Lowers the calling thread's priority by `steps`; false where that cannot be done for this thread alone,
 * and on the main thread, whose id is the process's: lowering it would slow the requests down.
 */
export function lowerBackgroundThreadPriority(steps = BACKGROUND_NICE_STEPS): boolean {
  if (process.platform !== "linux") return false;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    if (!Number.isInteger(tid) || tid <= 0 || tid === process.pid) return false;
    setPriority(tid, Math.min(LOWEST, getPriority(tid) + steps));
    return true;
  } catch {
    return false;
  }
}
