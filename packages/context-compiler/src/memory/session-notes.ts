// Session notes: turn outcomes kept as session_note observations and folded into deduplicated notes.
// A note is hand-written unless its payload says origin "auto" (a hook or archon itself wrote it).
import { type Clock, type Db, hashCanonical, type IdGenerator } from "@archon/core";
import { findNote, type NoteOrigin, unindexedSessionNotes, upsertNote } from "../store/memory-notes.js";
import { recordObservation, setObservationStatus } from "../store/observations.js";
import { readVersion } from "../store/version.js";

/** Outcomes an agent or hook may give a turn; failed and reverted ones raise compile notices. */
export const NOTE_OUTCOMES = ["succeeded", "failed", "reverted", "abandoned"] as const;

export interface SessionNote {
  text: string;
  origin: NoteOrigin;
  outcome: string | null;
  files: string[];
  doc_ids: string[];
  run_id: string | null;
  session_id: string | null;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
const stringOr = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** A session_note payload read leniently: its reporter was free to send any object. */
export function noteFromPayload(payload: Record<string, unknown>): SessionNote {
  const text = stringOr(payload.text) ?? stringOr(payload.note) ?? stringOr(payload.summary) ?? "";
  const outcome = stringOr(payload.outcome)?.toLowerCase() ?? null;
  return {
    text,
    origin: payload.origin === "auto" ? "auto" : "manual",
    outcome,
    files: [
      ...new Set([
        ...strings(payload.files),
        ...strings(payload.target_files),
        ...strings(payload.changed_files),
      ]),
    ].sort(),
    doc_ids: [...new Set(strings(payload.doc_ids))].sort(),
    run_id: stringOr(payload.run_id),
    session_id: stringOr(payload.session_id),
  };
}

/** What two notes must share to be one: the text, the outcome and the files; not when or by whom. */
export const noteHash = (note: SessionNote): string =>
  hashCanonical({ text: note.text.trim(), outcome: note.outcome, files: note.files });

/** Folds every session_note observation not yet in memory into its note. Returns how many were folded. */
export function indexSessionNotes(db: Db): number {
  const pending = unindexedSessionNotes(db);
  if (pending.length === 0) return 0;
  const version = readVersion(db);
  for (const o of pending) {
    const note = noteFromPayload(o.payload);
    upsertNote(
      db,
      {
        note_id: `note_${o.observation_id}`,
        origin: note.origin,
        content_hash: noteHash(note),
        text: note.text,
        outcome: note.outcome,
        run_id: note.run_id,
        session_id: note.session_id,
        doc_ids: note.doc_ids,
        knowledge_version: version,
        created_at: o.created_at,
      },
      note.files,
      o.observation_id,
    );
  }
  return pending.length;
}

/**
 * Records a note archon or a hook wrote. A repeat of an automatic note already in memory adds no
 * observation, only an occurrence, so the backlog does not fill with copies. Returns the note id.
 */
export function recordAutomaticNote(
  db: Db,
  note: Omit<SessionNote, "origin">,
  clock: Clock,
  ids: IdGenerator,
): string {
  const auto: SessionNote = { ...note, origin: "auto" };
  const content_hash = noteHash(auto);
  const existing = findNote(db, "auto", content_hash);
  if (existing) {
    return upsertNote(db, { ...existing, created_at: clock.now().toISOString() }, auto.files, null);
  }
  const { origin: _origin, ...rest } = auto;
  const observation = recordObservation(
    db,
    { event_type: "session_note", payload: { ...rest, origin: "auto" } },
    clock,
    ids,
  );
  // Nothing to triage in a note archon wrote itself: it never joins the backlog a person works through.
  setObservationStatus(db, [observation.observation_id], "analyzed", clock.now());
  indexSessionNotes(db);
  return (findNote(db, "auto", content_hash) as { note_id: string }).note_id;
}
