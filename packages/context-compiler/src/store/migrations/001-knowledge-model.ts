// Migration 1: documents, edges, layer rules, content, snapshots, the compile audit log and tags.
import type { Migration } from "@archon/core";
import { DOC_KINDS, DOC_STATUSES, EDGE_TYPES } from "../../vocabulary/knowledge-model.js";
import { sqlList as list } from "../schema.js";

export const knowledgeModel: Migration = {
  id: 1,
  name: "knowledge-model",
  up(db) {
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta (key, value) VALUES ('knowledge_version', '0');

      -- Content by hash, so a snapshot is a small manifest and old content stays readable.
      CREATE TABLE content_blobs (content_hash TEXT PRIMARY KEY, content TEXT NOT NULL);

      CREATE TABLE documents (
        doc_id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (${list(DOC_KINDS)})),
        content_hash TEXT NOT NULL REFERENCES content_blobs (content_hash),
        content_bytes INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN (${list(DOC_STATUSES)})),
        source_path TEXT,
        priority INTEGER NOT NULL DEFAULT 100,
        created_version INTEGER NOT NULL,
        updated_version INTEGER NOT NULL
      );
      CREATE INDEX documents_status ON documents (status);

      CREATE TABLE edges (
        edge_id INTEGER PRIMARY KEY AUTOINCREMENT,
        edge_type TEXT NOT NULL CHECK (edge_type IN (${list(EDGE_TYPES)})),
        source_value TEXT NOT NULL,
        target_doc_id TEXT NOT NULL REFERENCES documents (doc_id),
        status TEXT NOT NULL DEFAULT 'approved' CHECK (status IN (${list(DOC_STATUSES)})),
        created_version INTEGER NOT NULL,
        UNIQUE (edge_type, source_value, target_doc_id)
      );
      CREATE INDEX edges_target ON edges (target_doc_id);

      CREATE TABLE layer_rules (
        rule_id INTEGER PRIMARY KEY AUTOINCREMENT,
        path_pattern TEXT NOT NULL,
        layer_name TEXT NOT NULL,
        UNIQUE (path_pattern, layer_name)
      );

      CREATE TABLE snapshots (
        snapshot_id TEXT PRIMARY KEY,
        knowledge_version INTEGER NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        manifest_hash TEXT NOT NULL,
        manifest BLOB NOT NULL
      );
      CREATE TRIGGER snapshots_no_update BEFORE UPDATE ON snapshots
        BEGIN SELECT RAISE(ABORT, 'snapshots are immutable (INV-3)'); END;
      CREATE TRIGGER snapshots_no_delete BEFORE DELETE ON snapshots
        BEGIN SELECT RAISE(ABORT, 'snapshots are immutable (INV-3)'); END;

      CREATE TABLE compile_log (
        compile_id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        agent_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('ok', 'error')),
        error TEXT,
        knowledge_version INTEGER NOT NULL,
        snapshot_id TEXT,
        request TEXT NOT NULL,
        resolved_doc_ids TEXT NOT NULL,
        result_hash TEXT,
        delivery TEXT NOT NULL,
        debug TEXT NOT NULL,
        duration_ms REAL NOT NULL
      );
      CREATE INDEX compile_log_created ON compile_log (created_at);

      CREATE TABLE tag_mappings (
        tag TEXT NOT NULL,
        doc_id TEXT NOT NULL REFERENCES documents (doc_id),
        PRIMARY KEY (tag, doc_id)
      );
      CREATE INDEX tag_mappings_doc ON tag_mappings (doc_id);
    `);
  },
};
