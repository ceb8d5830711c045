// Reads the approved knowledge rows (INV-1) that the read path indexes, in one consistent read.
import type { Db } from "@archon/core";
import type { KnowledgeRows } from "../read/knowledge-index.js";
import { latestSnapshot } from "./snapshots.js";
import { readVersion } from "./version.js";

export function loadKnowledgeRows(db: Db): KnowledgeRows {
  return db.transaction(() => ({
    knowledge_version: readVersion(db),
    snapshot_id: latestSnapshot(db)?.snapshot_id ?? null,
    documents: db
      .prepare(
        `SELECT doc_id, title, kind, content_hash, content_bytes, source_path, priority, description
         FROM documents
         WHERE status = 'approved' ORDER BY doc_id`,
      )
      .all() as KnowledgeRows["documents"],
    edges: db
      .prepare(
        `SELECT edge_id, edge_type, source_value, target_doc_id FROM edges WHERE status = 'approved' ORDER BY edge_id`,
      )
      .all() as KnowledgeRows["edges"],
    layer_rules: db
      .prepare("SELECT path_pattern, layer_name FROM layer_rules ORDER BY path_pattern, layer_name")
      .all() as KnowledgeRows["layer_rules"],
    tags: db
      .prepare("SELECT tag, doc_id FROM tag_mappings ORDER BY tag, doc_id")
      .all() as KnowledgeRows["tags"],
  }))();
}
