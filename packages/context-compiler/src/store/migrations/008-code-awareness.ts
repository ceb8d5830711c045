// Migration 8: the code layer's derived data. The symbol index (files, symbols, edges between them, imports),
// the verify_done cache and the doc-like files discovery has already announced. None of it is knowledge:
// rebuilt from the repository and the knowledge at any time, never in the knowledge version, a snapshot
// or an export, and written by the agent surface too, which may write only these tables.
import type { Migration } from "@archon/core";
import { sqlList as list } from "../schema.js";
import { RESOLUTIONS, SYMBOL_EDGE_TYPES, SYMBOL_KINDS } from "../symbols.js";

export const codeAwareness: Migration = {
  id: 8,
  name: "code-awareness",
  up(db) {
    db.exec(`
      -- content_sha is git's blob sha of the file, so a clean tracked file is compared without reading it.
      CREATE TABLE symbol_files (
        path TEXT PRIMARY KEY,
        language TEXT NOT NULL,
        content_sha TEXT NOT NULL,
        namespace TEXT,
        status TEXT NOT NULL CHECK (status IN ('indexed', 'too_large', 'unreadable')),
        extractor TEXT NOT NULL
      );

      CREATE TABLE symbols (
        symbol_id TEXT PRIMARY KEY,
        path TEXT NOT NULL REFERENCES symbol_files (path) ON DELETE CASCADE,
        language TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (${list(SYMBOL_KINDS)})),
        name TEXT NOT NULL,
        qualified_name TEXT NOT NULL,
        container TEXT,
        start_line INTEGER NOT NULL,
        end_line INTEGER NOT NULL
      );
      CREATE INDEX symbols_name ON symbols (name);
      CREATE INDEX symbols_qualified_name ON symbols (qualified_name);
      CREATE INDEX symbols_path ON symbols (path);

      -- to_symbol_id is set by the batch resolution pass, with how it was found in resolution.
      CREATE TABLE symbol_edges (
        path TEXT NOT NULL REFERENCES symbol_files (path) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        from_symbol_id TEXT,
        edge_type TEXT NOT NULL CHECK (edge_type IN (${list(SYMBOL_EDGE_TYPES)})),
        to_name TEXT NOT NULL,
        qualifier TEXT,
        line INTEGER NOT NULL,
        to_symbol_id TEXT,
        resolution TEXT NOT NULL CHECK (resolution IN (${list(RESOLUTIONS)})),
        candidates INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (path, seq)
      ) WITHOUT ROWID;
      CREATE INDEX symbol_edges_from ON symbol_edges (from_symbol_id, edge_type);
      CREATE INDEX symbol_edges_to ON symbol_edges (to_symbol_id);

      -- resolved_path: the repo file an import names (a Go import: the package folder); null outside.
      CREATE TABLE symbol_imports (
        path TEXT NOT NULL REFERENCES symbol_files (path) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        line INTEGER NOT NULL,
        source TEXT NOT NULL,
        imported TEXT,
        local_name TEXT,
        text TEXT NOT NULL,
        resolved_path TEXT,
        PRIMARY KEY (path, seq)
      ) WITHOUT ROWID;
      CREATE INDEX symbol_imports_resolved ON symbol_imports (resolved_path);

      CREATE TABLE symbol_index_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        state_hash TEXT NOT NULL,
        indexed_at TEXT NOT NULL,
        complete INTEGER NOT NULL
      );

      -- Keyed by the hash of the input, the knowledge version, the index state and the files' contents.
      CREATE TABLE verify_cache (
        cache_key TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        knowledge_version INTEGER NOT NULL,
        index_state TEXT NOT NULL,
        result TEXT NOT NULL
      );

      -- Doc-like files discovery has seen; the first run takes a baseline and announces nothing.
      CREATE TABLE discovered_documents (path TEXT PRIMARY KEY, first_seen_at TEXT NOT NULL);
      CREATE TABLE discovery_runs (id INTEGER PRIMARY KEY CHECK (id = 1), last_run_at TEXT NOT NULL);
    `);
  },
};
