// knowledge_version: read it, and bump it together with a snapshot (INV-3, INV-4).
import type { Clock, Db } from "@archon/core";
import { writeSnapshot } from "./snapshots.js";

export function readVersion(db: Db): number {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'knowledge_version'").get() as
    | { value: string }
    | undefined;
  return row ? Number(row.value) : 0;
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
