// Migration 4: the init manifest: which template (and version) bootstrapped the knowledge, and the
// content_hash each template document was created with, so upgrades can tell user-modified documents apart.
import type { Migration } from "@archon/core";

export const initManifest: Migration = {
  id: 4,
  name: "init-manifest",
  up(db) {
    db.exec(`
      -- One row at most: a project is bootstrapped once. template NULL records "started empty on purpose".
      CREATE TABLE init_manifest (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        template TEXT,
        template_version TEXT,
        placeholders TEXT NOT NULL DEFAULT '{}',
        applied_at TEXT NOT NULL,
        knowledge_version INTEGER NOT NULL,
        CHECK ((template IS NULL) = (template_version IS NULL))
      );

      -- The baseline per template document: the hash the template gave it. A document whose current
      -- content_hash differs was modified by its users and is never overwritten by an upgrade.
      CREATE TABLE init_manifest_documents (
        doc_id TEXT PRIMARY KEY,
        content_hash TEXT NOT NULL
      );
    `);
  },
};
