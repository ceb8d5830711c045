// Migration 16: compact episodic memory, about 1.7 KB per compile down to a few hundred bytes. A remembered
// compile keeps only its run and its files (interned paths); its time, plan and knowledge version are read
// from the audit row of the same compile_id, written in the same transaction. The full-text index stays one
// row per compile and note (so BM25 scores what it scored before) but no longer stores a copy of its text.
// Compiles whose audit row is missing keep their own time, plan and version.
import type { Migration } from "@archon/core";

export const compactMemory: Migration = {
  id: 16,
  name: "compact-memory",
  up(db) {
    db.exec(`
      -- Every remembered compile and note by a small integer: the full-text index's rowid.
      CREATE TABLE memory_refs (ref_id INTEGER PRIMARY KEY, ref TEXT NOT NULL UNIQUE);
      INSERT INTO memory_refs (ref) SELECT compile_id FROM memory_compiles ORDER BY created_at, compile_id;
      INSERT INTO memory_refs (ref) SELECT note_id FROM memory_notes ORDER BY created_at, note_id;

      CREATE TABLE memory_paths (path_id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
      INSERT INTO memory_paths (path) SELECT DISTINCT f.file FROM memory_files f
        JOIN memory_compiles c ON c.compile_id = f.ref ORDER BY f.file;

      CREATE TABLE memory_runs_16 (
        run_key INTEGER PRIMARY KEY,
        run_id TEXT NOT NULL UNIQUE,
        started_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        surface TEXT NOT NULL,
        session_id TEXT
      );
      INSERT INTO memory_runs_16 (run_id, started_at, last_seen_at, surface, session_id)
        SELECT run_id, started_at, last_seen_at, surface, session_id FROM memory_runs ORDER BY started_at, run_id;

      -- files: path ids, comma-separated. created_at, plan and knowledge_version only when no audit row holds them.
      CREATE TABLE memory_compiles_16 (
        ref_id INTEGER PRIMARY KEY,
        run_key INTEGER NOT NULL,
        files TEXT NOT NULL,
        created_at TEXT,
        plan TEXT,
        knowledge_version INTEGER
      );
      INSERT INTO memory_compiles_16 (ref_id, run_key, files, created_at, plan, knowledge_version)
        SELECT r.ref_id, u.run_key,
          COALESCE((SELECT group_concat(p.path_id, ',' ORDER BY p.path) FROM memory_files f
            JOIN memory_paths p ON p.path = f.file WHERE f.ref = c.compile_id), ''),
          CASE WHEN l.compile_id IS NULL THEN c.created_at END,
          CASE WHEN l.compile_id IS NULL THEN c.plan END,
          CASE WHEN l.compile_id IS NULL THEN c.knowledge_version END
        FROM memory_compiles c JOIN memory_refs r ON r.ref = c.compile_id
          JOIN memory_runs_16 u ON u.run_id = c.run_id
          LEFT JOIN compile_log l ON l.compile_id = c.compile_id;

      CREATE VIRTUAL TABLE memory_fts_16 USING fts5(
        body, content = '', contentless_delete = 1, tokenize = 'porter unicode61'
      );
      INSERT INTO memory_fts_16 (rowid, body)
        SELECT r.ref_id, f.body FROM memory_fts f JOIN memory_refs r ON r.ref = f.ref ORDER BY r.ref_id;

      -- memory_files now holds notes' files only.
      DELETE FROM memory_files WHERE ref IN (SELECT compile_id FROM memory_compiles);
      DROP TABLE memory_fts;
      DROP TABLE memory_compiles;
      DROP TABLE memory_runs;
      ALTER TABLE memory_runs_16 RENAME TO memory_runs;
      ALTER TABLE memory_compiles_16 RENAME TO memory_compiles;
      ALTER TABLE memory_fts_16 RENAME TO memory_fts;
      CREATE INDEX memory_runs_started ON memory_runs (started_at);
      CREATE INDEX memory_compiles_run ON memory_compiles (run_key);
    `);
  },
};
