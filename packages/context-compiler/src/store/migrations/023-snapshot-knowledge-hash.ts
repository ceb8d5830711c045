// Migration 23: a snapshot records the knowledge_hash of what it holds, so a replay can tell whether the
// snapshot still gives the knowledge it compiled against. Existing snapshots get theirs computed from
// their manifests (with the init manifest's template documents as they are now): the same on every run.
import { gunzipSync } from "node:zlib";
import type { Migration } from "@archon/core";
import { templateDocIds } from "../init-manifest.js";
import { manifestKnowledgeHash, type SnapshotManifest } from "../snapshots.js";

export const snapshotKnowledgeHash: Migration = {
  id: 23,
  name: "snapshot-knowledge-hash",
  up(db) {
    db.exec("ALTER TABLE snapshots ADD COLUMN knowledge_hash TEXT;");
    const rows = db.prepare("SELECT snapshot_id, manifest FROM snapshots").all() as {
      snapshot_id: string;
      manifest: Buffer;
    }[];
    if (rows.length === 0) return;
    const templateIds = templateDocIds(db);
    const record = db.prepare("UPDATE snapshots SET knowledge_hash = ? WHERE snapshot_id = ?");
    // Snapshots are immutable (INV-3); the trigger steps aside for this one backfill of a new column.
    db.exec("DROP TRIGGER snapshots_no_update;");
    for (const { snapshot_id, manifest } of rows) {
      const parsed = JSON.parse(gunzipSync(manifest).toString("utf8")) as SnapshotManifest;
      record.run(manifestKnowledgeHash(parsed, templateIds), snapshot_id);
    }
    db.exec(`CREATE TRIGGER snapshots_no_update BEFORE UPDATE ON snapshots
      BEGIN SELECT RAISE(ABORT, 'snapshots are immutable (INV-3)'); END;`);
  },
};
