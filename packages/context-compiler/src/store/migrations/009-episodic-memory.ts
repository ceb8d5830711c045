// Migration 9: episodic memory. Server runs, the compiles each run made (its own copy of files and plan, so
// recall does not depend on the audit row's format), session notes deduplicated by content hash, and one
// FTS5 index over plans and notes for recall's text score. Derived data: never knowledge, never exported.
import type { Migration } from "@archon/core";

export const episodicMemory: Migration = {
  id: 9,
  name: "episodic-memory",
  up(db) {
    db.exec(`
      CREATE TABLE memory_runs (
        run_id TEXT PRIMARY KEY,
        started_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        surface TEXT NOT NULL,
        session_id TEXT
      );
      CREATE INDEX memory_runs_started ON memory_runs (started_at);

      -- doc_ids and knowledge_version let recall tell when the knowledge a compile delivered was superseded.
      CREATE TABLE memory_compiles (
        compile_id TEXT PRIMARY KEY,
        run_id TEXT NOT NULL REFERENCES memory_runs (run_id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        plan TEXT,
        doc_ids TEXT NOT NULL,
        knowledge_version INTEGER NOT NULL
      );
      CREATE INDEX memory_compiles_run ON memory_compiles (run_id, created_at);

      -- Hand-written and automatic notes are deduplicated apart: the same text from both is two notes.
      CREATE TABLE memory_notes (
        note_id TEXT PRIMARY KEY,
        origin TEXT NOT NULL CHECK (origin IN ('manual', 'auto')),
        content_hash TEXT NOT NULL,
        text TEXT NOT NULL,
        outcome TEXT,
        run_id TEXT,
        session_id TEXT,
        doc_ids TEXT NOT NULL,
        -- The knowledge version when the note was indexed: its doc_ids changed after it are superseded.
        knowledge_version INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        occurrences INTEGER NOT NULL DEFAULT 1,
        UNIQUE (origin, content_hash)
      );
      CREATE INDEX memory_notes_created ON memory_notes (created_at);

      -- Which session_note observations were folded into which note, so each is indexed once.
      CREATE TABLE memory_note_sources (
        observation_id TEXT PRIMARY KEY,
        note_id TEXT NOT NULL REFERENCES memory_notes (note_id) ON DELETE CASCADE
      );

      -- The files of a compile or a note, for the files filter, proximity and the attempt notices.
      CREATE TABLE memory_files (
        ref TEXT NOT NULL,
        file TEXT NOT NULL,
        PRIMARY KEY (file, ref)
      ) WITHOUT ROWID;
      CREATE INDEX memory_files_ref ON memory_files (ref);

      CREATE VIRTUAL TABLE memory_fts USING fts5(ref UNINDEXED, body, tokenize = 'porter unicode61');
    `);
  },
};
