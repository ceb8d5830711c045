// The working database of a team-server instance on a shared store: how far into the team's log of
// write calls it has applied, and the snapshot rows and blobs a call wrote here, to store with the call.
import type { Db } from "@archon/core";
import { readSnapshotManifest } from "../snapshots.js";

const APPLIED_KEY = "team_applied_seq";

/** The seq of the last call of the team's log applied to this database; 0 before the first. */
export function appliedSeq(db: Db): number {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(APPLIED_KEY) as
    | { value: string }
    | undefined;
  return Number(row?.value ?? 0);
}

export function setAppliedSeq(db: Db, seq: number): void {
  db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(APPLIED_KEY, String(seq));
}

export interface SnapshotRecord {
  knowledge_version: number;
  snapshot_id: string;
  manifest_hash: string;
  created_at: string;
  manifest: Buffer;
}

/** The snapshot rows above `version`, oldest first, with their stored (gzip) bytes. */
export function snapshotRecordsAfter(db: Db, version: number): SnapshotRecord[] {
  return db
    .prepare(
      `SELECT knowledge_version, snapshot_id, manifest_hash, created_at, manifest FROM snapshots
       WHERE knowledge_version > ? ORDER BY knowledge_version`,
    )
    .all(version) as SnapshotRecord[];
}

/** The content blobs a snapshot references that the snapshot before it did not, by hash. */
export function blobsNewIn(db: Db, snapshotId: string, previousId: string | undefined) {
  const hashes = (id: string | undefined) =>
    new Set(id ? (readSnapshotManifest(db, id)?.documents ?? []).map((d) => d.content_hash) : []);
  const before = hashes(previousId);
  const fresh = [...hashes(snapshotId)].filter((h) => !before.has(h)).sort();
  const read = db.prepare("SELECT content FROM content_blobs WHERE content_hash = ?");
  return fresh.map((content_hash) => ({
    content_hash,
    content: (read.get(content_hash) as { content: string }).content,
  }));
}

/**
 * An open write transaction on the connection, held across awaits; the caller keeps every other use of
 * the connection out until it commits or rolls back. Transactions the code inside opens become savepoints.
 */
export function beginWrite(db: Db): { commit(): void; rollback(): void } {
  db.exec("BEGIN IMMEDIATE");
  return {
    commit: () => db.exec("COMMIT"),
    rollback: () => {
      if (db.inTransaction) db.exec("ROLLBACK");
    },
  };
}
