// Migration 10: document embeddings and the audit log's retention aggregates. Vectors are float32 blobs
// compared with sqlite-vec's scalar functions, so a connection that never loads the extension can still open
// the database. Aggregates are what prune-log folds old audit rows into, per day and document or edge.
import type { Migration } from "@archon/core";

export const embeddingsAndRetention: Migration = {
  id: 10,
  name: "embeddings-and-retention",
  up(db) {
    db.exec(`
      -- Keyed by content hash and model: a document edited back to an earlier text reuses its vector.
      CREATE TABLE doc_embeddings (
        content_hash TEXT NOT NULL,
        model TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        vector BLOB NOT NULL,
        embedded_at TEXT NOT NULL,
        PRIMARY KEY (content_hash, model)
      ) WITHOUT ROWID;

      -- subject is a doc_id (kind 'delivery') or a near-miss edge "pattern -> doc ids" (kind 'near_miss').
      CREATE TABLE audit_aggregates (
        day TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('delivery', 'near_miss', 'compiles')),
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
    `);
  },
};
