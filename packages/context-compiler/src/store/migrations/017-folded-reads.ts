// Migration 17: audit aggregates of a fourth kind, 'read': per day and document, how many of the deliveries
// prune-log folded were followed by a read of the document's file (the count in `compiles`). The CHECK on
// `kind` cannot be altered in place, so the table is rebuilt with its rows.
import type { Migration } from "@archon/core";

export const foldedReads: Migration = {
  id: 17,
  name: "folded-reads",
  up(db) {
    db.exec(`
      -- subject is a doc_id (kinds 'delivery' and 'read') or a near-miss edge (kind 'near_miss').
      CREATE TABLE audit_aggregates_17 (
        day TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('delivery', 'near_miss', 'compiles', 'read')),
        subject TEXT NOT NULL,
        compiles INTEGER NOT NULL DEFAULT 0,
        inline INTEGER NOT NULL DEFAULT 0,
        deferred INTEGER NOT NULL DEFAULT 0,
        omitted INTEGER NOT NULL DEFAULT 0,
        inline_bytes INTEGER NOT NULL DEFAULT 0,
        max_inline_bytes INTEGER NOT NULL DEFAULT 0,
        errors INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, kind, subject)
      ) WITHOUT ROWID;
      INSERT INTO audit_aggregates_17 SELECT day, kind, subject, compiles, inline, deferred, omitted,
        inline_bytes, max_inline_bytes, errors FROM audit_aggregates;
      DROP TABLE audit_aggregates;
      ALTER TABLE audit_aggregates_17 RENAME TO audit_aggregates;
    `);
  },
};
