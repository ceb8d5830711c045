// What the main thread and the background audit writer say to each other.
import type { HandedAudit } from "./audit-entry.js";

export type ThreadRequest =
  | { type: "rows"; rows: HandedAudit[] }
  | { type: "flush"; seq: number }
  | { type: "close" };

export type ThreadReply = { type: "failed"; rows: number; message: string; dropped: number };

/**
 * Slots of the shared Int32Array: the last flush answered, rows written so far, closed; the two that
 * keep a commit and a compile apart (1 while the main thread compiles, 1 while the writer commits).
 */
export const FLAG = {
  flushed: 0,
  written: 1,
  closed: 2,
  serving: 3,
  committing: 4,
} as const;
export const FLAG_SLOTS = 5;
