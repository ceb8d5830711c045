// Migration 3: per-document delivery rows for every compile, so usage can be counted per document.
import type { Migration } from "@archon/core";

export const documentUsage: Migration = {
  id: 3,
  name: "document-usage",
  up(db) {
    db.exec(`
      -- One row per document a compile returned, with how it was delivered. Older compiles have none:
      -- their audit rows only kept per-compile counts.
      CREATE TABLE compile_deliveries (
        compile_id TEXT NOT NULL REFERENCES compile_log (compile_id) ON DELETE CASCADE,
        -- No foreign key to documents: the audit is history and must never fail on today's rows.
        doc_id TEXT NOT NULL,
        delivery TEXT NOT NULL CHECK (delivery IN ('inline', 'deferred', 'omitted')),
        PRIMARY KEY (compile_id, doc_id)
      );
      CREATE INDEX compile_deliveries_doc ON compile_deliveries (doc_id);
    `);
  },
};
