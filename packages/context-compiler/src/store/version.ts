// The two counters a running server checks before each compile: knowledge_version (bumped with a
// snapshot, INV-3, INV-4) and tag_catalog_rev (bumped by every tag write in
// tags.ts, since a tag change needs no version).
import type { Clock, Db } from "@archon/core";
import { writeSnapshot } from "./snapshots.js";

export interface Revisions {
  knowledge_version: number;
  tag_catalog_rev: number;
}

export function readVersion(db: Db): number {
  return readRevisions(db).knowledge_version;
}

/** Both counters in one query: the cheap check that tells a cached index it is stale. */
export function readRevisions(db: Db): Revisions {
  const rows = db
    .prepare("SELECT key, value FROM meta WHERE key IN ('knowledge_version', 'tag_catalog_rev')")
    .all() as { key: string; value: string }[];
  const value = (key: string) => Number(rows.find((r) => r.key === key)?.value ?? 0);
  return { knowledge_version: value("knowledge_version"), tag_catalog_rev: value("tag_catalog_rev") };
}

/**
 * Moves knowledge_version up by one and writes the snapshot of the approved rows at that version.
 * Call inside the transaction that made the change, so the change, the bump and the snapshot land together.
 */
export function bumpVersion(db: Db, clock: Clock): { knowledge_version: number; snapshot_id: string } {
  if (!db.inTransaction)
    throw new Error("bumpVersion must run inside the transaction that changed knowledge");
  const next = readVersion(db) + 1;
  db.prepare("UPDATE meta SET value = ? WHERE key = 'knowledge_version'").run(String(next));
  const snapshot_id = writeSnapshot(db, next, clock.now());
  return { knowledge_version: next, snapshot_id };
}
