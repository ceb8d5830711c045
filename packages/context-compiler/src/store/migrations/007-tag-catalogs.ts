// Migration 7: tag changes made visible across uptime. tag_catalog_rev moves with every tag write so a
// running server reloads its tags; the audit row names the catalog a compile used, and tag_catalogs keeps
// each one by hash so a past compile can be replayed after the tags moved on. Snapshots written from now
// on carry their catalog; older ones cannot be completed (INV-3), and tags were not recorded then.
import type { Migration } from "@archon/core";

export const tagCatalogs: Migration = {
  id: 7,
  name: "tag-catalogs",
  up(db) {
    db.exec(`
      INSERT INTO meta (key, value) VALUES ('tag_catalog_rev', '0');
      ALTER TABLE compile_log ADD COLUMN tag_catalog_hash TEXT;

      -- Content-addressed like content_blobs: the canonical JSON of the sorted assignments.
      CREATE TABLE tag_catalogs (tag_catalog_hash TEXT PRIMARY KEY, assignments TEXT NOT NULL);
      CREATE TRIGGER tag_catalogs_no_update BEFORE UPDATE ON tag_catalogs
        BEGIN SELECT RAISE(ABORT, 'a tag catalog is named by its hash and never changes'); END;
    `);
  },
};
