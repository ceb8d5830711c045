// Episodic memory as the PRD pipeline's memory calls see it (memory_stats, remember; recall is recall.ts):
// plain functions over this database, for issue 13's RecallSource to wire in.
import type { Clock, Db, IdGenerator } from "@archon/core";
import { findNote, memoryCounts } from "../store/memory-notes.js";
import { recordObservation, setObservationStatus } from "../store/observations.js";
import { indexSessionNotes, noteFromPayload, noteHash } from "./session-notes.js";

export interface MemoryStats {
  /** Everything recall can return: compiles and notes. */
  memories: number;
  runs: number;
  compiles: number;
  notes: number;
}

export function memoryStats(db: Db): MemoryStats {
  indexSessionNotes(db);
  const counts = memoryCounts(db);
  return { memories: counts.compiles + counts.notes, ...counts };
}

/**
 * Keeps `content` as a hand-written session note (a caller's deliberate record, not archon's own), with
 * its tags; the same content twice is one note seen twice. Returns the note's id.
 */
export function remember(
  db: Db,
  input: { content: string; tags?: readonly string[]; files?: readonly string[] },
  clock: Clock,
  ids: IdGenerator,
): { note_id: string } {
  const payload = { text: input.content, tags: [...(input.tags ?? [])], files: [...(input.files ?? [])] };
  const existing = findNote(db, "manual", noteHash(noteFromPayload(payload)));
  const observation = recordObservation(db, { event_type: "session_note", payload }, clock, ids);
  // A record a pipeline keeps is not a report for a person to triage.
  setObservationStatus(db, [observation.observation_id], "analyzed", clock.now());
  indexSessionNotes(db);
  const note = existing ?? findNote(db, "manual", noteHash(noteFromPayload(payload)));
  return { note_id: (note as { note_id: string }).note_id };
}
