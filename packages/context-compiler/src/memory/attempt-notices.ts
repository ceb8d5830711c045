// Compile notices for failed or reverted attempts on the same files in the last 90 days: the past as a
// pointer (a note id and the recall call that shows it), never its content, and never in the audit.
import type { Clock, Db } from "@archon/core";
import { type Channel, step } from "../knowledge/next-step.js";
import { notesWithOutcome } from "../store/memory-notes.js";
import { indexSessionNotes } from "./session-notes.js";

export const ATTEMPT_WINDOW_DAYS = 90;
export const ATTEMPT_OUTCOMES = ["failed", "reverted"] as const;
/** One notice per file at most, and a few files at most: a notice is a nudge, not a history. */
const MAX_NOTICES = 5;

/** Failed or reverted notes on `files` last seen since `since` (ISO), newest first; session notes folded first. */
export function attemptNotes(db: Db, files: readonly string[], since: string): AttemptNote[] {
  try {
    indexSessionNotes(db);
  } catch {
    // Unwritable database: the notes folded so far still answer.
  }
  return notesWithOutcome(db, files, ATTEMPT_OUTCOMES, since);
}

export type AttemptNote = ReturnType<typeof notesWithOutcome>[number];

/** `read` may answer from notes read earlier with an older `since`: they are filtered to the window here. */
export function attemptNotices(
  db: Db,
  files: readonly string[],
  clock: Clock,
  channel: Channel,
  read: (db: Db, files: readonly string[], since: string) => readonly AttemptNote[] = attemptNotes,
): string[] {
  const now = clock.now();
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_DAYS * 24 * 3600 * 1000).toISOString();
  const seen = new Set<string>();
  const notices: string[] = [];
  for (const note of read(db, files, since)) {
    if (note.last_seen_at < since || seen.has(note.file) || notices.length >= MAX_NOTICES) continue;
    seen.add(note.file);
    const days = Math.floor((now.getTime() - new Date(note.last_seen_at).getTime()) / (24 * 3600 * 1000));
    const when = days <= 0 ? "today" : days === 1 ? "1 day ago" : `${days} days ago`;
    const look = note.run_id ? step(channel, "recall", { run_id: note.run_id }) : step(channel, "recall");
    notices.push(
      `An attempt on ${note.file} ${note.outcome} ${when} (note ${note.note_id}); see ${look} before trying the same again.`,
    );
  }
  return notices;
}
