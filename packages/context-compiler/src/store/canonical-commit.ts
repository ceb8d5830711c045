// The one place knowledge_version moves: the rows a change writes, the bump and the snapshot of the result
// land in one IMMEDIATE transaction (INV-3, INV-4), or none of them does. Writers reach it through
// commitKnowledge, which adds the rules.md check and re-render around it.
import { gzipSync } from "node:zlib";
import { type Clock, canonicalJson, type Db, InternalError, sha256 } from "@archon/core";
import { buildSnapshot, snapshotIdFor } from "./snapshots.js";
import { readVersion } from "./version.js";

/** Writes rows at `version` (the version they land at) and says whether anything canonical moved. */
export type CanonicalWork<T> = (version: number) => { changed: boolean; value: T };

export interface Landed<T> {
  value: T;
  knowledge_version: number;
  snapshot_id: string | null;
}

/** The approved rows at `version`, written once: snapshots are immutable (INV-3). */
function writeSnapshot(db: Db, version: number, at: Date): string {
  const { manifest, knowledge_hash } = buildSnapshot(db, version);
  const json = canonicalJson(manifest);
  const snapshotId = snapshotIdFor(version);
  db.prepare(
    `INSERT INTO snapshots (snapshot_id, knowledge_version, created_at, manifest_hash, manifest, knowledge_hash)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(snapshotId, version, at.toISOString(), sha256(json), gzipSync(json), knowledge_hash);
  return snapshotId;
}

/** Private on purpose: a bump outside the transaction that made the change could snapshot half of it. */
function bumpVersion(db: Db, clock: Clock): { knowledge_version: number; snapshot_id: string } {
  const next = readVersion(db) + 1;
  db.prepare("UPDATE meta SET value = ? WHERE key = 'knowledge_version'").run(String(next));
  return { knowledge_version: next, snapshot_id: writeSnapshot(db, next, clock.now()) };
}

function land<T>(db: Db, clock: Clock, work: CanonicalWork<T>): Landed<T> {
  const { changed, value } = work(readVersion(db) + 1);
  const bumped = changed ? bumpVersion(db, clock) : undefined;
  return {
    value,
    knowledge_version: bumped?.knowledge_version ?? readVersion(db),
    snapshot_id: bumped?.snapshot_id ?? null,
  };
}

/** Runs `work`, then the bump and snapshot when it changed something; any throw rolls all of it back. */
export function commitCanonical<T>(db: Db, clock: Clock, work: CanonicalWork<T>): Landed<T> {
  return db.transaction(() => land(db, clock, work)).immediate();
}

class Rollback<T> {
  constructor(readonly landed: Landed<T>) {}
}

/** Runs exactly what commitCanonical runs, then rolls it back: a dry run that cannot disagree with the real one. */
export function rehearseCanonical<T>(db: Db, clock: Clock, work: CanonicalWork<T>): Landed<T> {
  try {
    db.transaction(() => {
      throw new Rollback(land(db, clock, work));
    }).immediate();
  } catch (error) {
    if (error instanceof Rollback) return error.landed as Landed<T>;
    throw error;
  }
  throw new InternalError("rehearseCanonical: the rolled-back transaction returned");
}
