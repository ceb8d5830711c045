// Migration 20: a source file can be `timed_out`, remembered by its content sha so the next reindex does
// not parse it again (an edit gives it another chance). SQLite cannot widen a CHECK in place; the symbol
// tables hold derived data only, so they are emptied and symbol_files made anew: the next reindex reads
// every file again.
import type { Migration } from "@archon/core";

export const parseTimeouts: Migration = {
  id: 20,
  name: "parse-timeouts",
  up(db) {
    db.exec(`
      DELETE FROM symbol_imports;
      DELETE FROM symbol_edges;
      DELETE FROM symbols;
      DELETE FROM symbol_index_state;
      DROP TABLE symbol_files;
      CREATE TABLE symbol_files (
        path TEXT PRIMARY KEY,
        language TEXT NOT NULL,
        content_sha TEXT NOT NULL,
        namespace TEXT,
        status TEXT NOT NULL CHECK (status IN ('indexed', 'too_large', 'unreadable', 'timed_out')),
        extractor TEXT NOT NULL
      );
    `);
  },
};
