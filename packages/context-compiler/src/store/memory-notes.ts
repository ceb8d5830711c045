// Episodic memory's session notes: session_note observations folded into notes, one per origin and content
// hash, with their files and text indexed for recall and the attempt notices.
import type { Db } from "@archon/core";
import { addTextRow, deleteRefs, refId } from "./memory-refs.js";
import { statement } from "./statements.js";

export type NoteOrigin = "manual" | "auto";

export interface NoteRow {
  note_id: string;
  origin: NoteOrigin;
  content_hash: string;
  text: string;
  outcome: string | null;
  run_id: string | null;
  session_id: string | null;
  doc_ids: string[];
  knowledge_version: number;
  created_at: string;
  last_seen_at: string;
  occurrences: number;
}

export interface SessionNoteObservation {
  observation_id: string;
  payload: Record<string, unknown>;
  created_at: string;
}

/** session_note observations not folded into a note yet, oldest first. */
export function unindexedSessionNotes(db: Db): SessionNoteObservation[] {
  // Asked before each attempt notice: prepared once per connection.
  const rows = statement(
    db,
    `SELECT o.observation_id, o.payload, o.created_at FROM observations o
     WHERE o.event_type = 'session_note'
       AND NOT EXISTS (SELECT 1 FROM memory_note_sources s WHERE s.observation_id = o.observation_id)
     ORDER BY o.created_at, o.observation_id`,
  ).all() as { observation_id: string; payload: string; created_at: string }[];
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> }));
}

const fromRow = (row: Record<string, unknown>): NoteRow => ({
  ...(row as unknown as NoteRow),
  doc_ids: JSON.parse(row.doc_ids as string) as string[],
});

export function findNote(db: Db, origin: NoteOrigin, contentHash: string): NoteRow | undefined {
  const row = db
    .prepare("SELECT * FROM memory_notes WHERE origin = ? AND content_hash = ?")
    .get(origin, contentHash) as Record<string, unknown> | undefined;
  return row && fromRow(row);
}

export function getNotes(db: Db, noteIds: readonly string[]): NoteRow[] {
  const select = db.prepare("SELECT * FROM memory_notes WHERE note_id = ?");
  return noteIds.flatMap((id) => {
    const row = select.get(id) as Record<string, unknown> | undefined;
    return row ? [fromRow(row)] : [];
  });
}

/** Notes of the given runs, oldest first. */
export function notesOfRuns(db: Db, runIds: readonly string[]): NoteRow[] {
  const select = db.prepare("SELECT * FROM memory_notes WHERE run_id = ? ORDER BY created_at, note_id");
  return runIds.flatMap((id) => (select.all(id) as Record<string, unknown>[]).map(fromRow));
}

/**
 * Folds one observation into its note: a new note, or one more occurrence of the note with the same
 * origin and content hash. Returns the note's id.
 */
export function upsertNote(
  db: Db,
  note: Omit<NoteRow, "occurrences" | "last_seen_at">,
  files: readonly string[],
  observationId: string | null,
): string {
  return db.transaction(() => {
    const existing = findNote(db, note.origin, note.content_hash);
    const noteId = existing?.note_id ?? note.note_id;
    if (existing) {
      db.prepare(
        `UPDATE memory_notes SET occurrences = occurrences + 1, last_seen_at = MAX(last_seen_at, ?)
         WHERE note_id = ?`,
      ).run(note.created_at, noteId);
    } else {
      db.prepare(
        `INSERT INTO memory_notes (note_id, origin, content_hash, text, outcome, run_id, session_id, doc_ids,
           knowledge_version, created_at, last_seen_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        noteId,
        note.origin,
        note.content_hash,
        note.text,
        note.outcome,
        note.run_id,
        note.session_id,
        JSON.stringify(note.doc_ids),
        note.knowledge_version,
        note.created_at,
        note.created_at,
      );
      const insertFile = db.prepare("INSERT OR IGNORE INTO memory_files (ref, file) VALUES (?, ?)");
      for (const file of files) insertFile.run(noteId, file);
      addTextRow(db, refId(db, noteId), [note.text, ...files].join("\n"));
    }
    if (observationId !== null)
      db.prepare("INSERT OR IGNORE INTO memory_note_sources (observation_id, note_id) VALUES (?, ?)").run(
        observationId,
        noteId,
      );
    return noteId;
  })();
}

/** Notes with one of `outcomes` on any of `files`, last seen at or after `since` (ISO), newest first. */
export function notesWithOutcome(
  db: Db,
  files: readonly string[],
  outcomes: readonly string[],
  since: string,
): (NoteRow & { file: string })[] {
  const select = statement(
    db,
    `SELECT n.*, f.file FROM memory_files f JOIN memory_notes n ON n.note_id = f.ref
     WHERE f.file = ? AND n.last_seen_at >= ? AND n.outcome IN (SELECT value FROM json_each(?))
     ORDER BY n.last_seen_at DESC, n.note_id`,
  );
  return files.flatMap((file) =>
    (select.all(file, since, JSON.stringify(outcomes)) as Record<string, unknown>[]).map((r) => ({
      ...fromRow(r),
      file: r.file as string,
    })),
  );
}

/**
 * Deletes automatic notes last seen before `before` (ISO), with their files, text and the observations
 * they came from; hand-written notes are kept whatever their age. Returns how many notes went.
 */
export function pruneAutomaticNotes(db: Db, before: string): number {
  const ids = db
    .prepare("SELECT note_id FROM memory_notes WHERE origin = 'auto' AND last_seen_at < ? ORDER BY note_id")
    .pluck()
    .all(before) as string[];
  const run = (sql: string, id: string) => db.prepare(sql).run(id);
  for (const id of ids) {
    run(
      `DELETE FROM observations WHERE observation_id IN (SELECT observation_id FROM memory_note_sources WHERE note_id = ?)
         AND NOT EXISTS (SELECT 1 FROM proposal_evidence e WHERE e.observation_id = observations.observation_id)`,
      id,
    );
    run("DELETE FROM memory_note_sources WHERE note_id = ?", id);
    run("DELETE FROM memory_files WHERE ref = ?", id);
    run("DELETE FROM memory_notes WHERE note_id = ?", id);
  }
  deleteRefs(db, ids);
  return ids.length;
}

/** The files a note touched, sorted. */
export function noteFiles(db: Db, noteId: string): string[] {
  return db
    .prepare("SELECT file FROM memory_files WHERE ref = ? ORDER BY file")
    .pluck()
    .all(noteId) as string[];
}

/** Every note, oldest first. */
export function allNotes(db: Db): NoteRow[] {
  return (
    db.prepare("SELECT * FROM memory_notes ORDER BY created_at, note_id").all() as Record<string, unknown>[]
  ).map(fromRow);
}

/** Rows of episodic memory by kind: what memory_stats reports. */
export function memoryCounts(db: Db): { runs: number; compiles: number; notes: number } {
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  return { runs: count("memory_runs"), compiles: count("memory_compiles"), notes: count("memory_notes") };
}
