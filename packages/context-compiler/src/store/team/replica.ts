// The SQL of team sync: the snapshots and blobs a server sends, the idempotency keys of pushed
// observations, and on a replica its meta (server, identity, offline state, audit shipping), its outbox
// and the writes that make its canonical rows equal a server's manifest.
import { gunzipSync } from "node:zlib";
import { canonicalJson, type Db } from "@archon/core";
import type { ObservationEvent } from "../../vocabulary/lifecycle.js";
import type { SnapshotManifest } from "../snapshots.js";
import { statement } from "../statements.js";

const META = {
  server: "replica_server",
  id: "replica_id",
  offlineSince: "replica_offline_since",
  offlineReason: "replica_offline_reason",
  shipAudit: "replica_ship_audit",
  auditCursor: "replica_audit_cursor",
} as const;

export interface ReplicaState {
  /** The team server this database replicates, or null for a database of its own. */
  server: string | null;
  replica_id: string | null;
  offline_since: string | null;
  offline_reason: string | null;
}

const metaValue = (db: Db, key: string): string | null =>
  (db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined) ?? null;

function setMeta(db: Db, key: string, value: string | null): void {
  if (value === null) statement(db, "DELETE FROM meta WHERE key = ?").run(key);
  else
    statement(
      db,
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run(key, value);
}

export function readReplicaState(db: Db): ReplicaState {
  return {
    server: metaValue(db, META.server),
    replica_id: metaValue(db, META.id),
    offline_since: metaValue(db, META.offlineSince),
    offline_reason: metaValue(db, META.offlineReason),
  };
}

/** The server this database is a replica of, or undefined. */
export const replicaServer = (db: Db): string | undefined => metaValue(db, META.server) ?? undefined;

export function markReplicaOf(db: Db, server: string, replicaId: string): void {
  db.transaction(() => {
    setMeta(db, META.server, server);
    if (metaValue(db, META.id) === null) setMeta(db, META.id, replicaId);
  })();
}

/** Keeps the first time of an outage: "offline since" means since the first failure, not the latest. */
export function markOffline(db: Db, at: string, reason: string): void {
  db.transaction(() => {
    if (metaValue(db, META.offlineSince) === null) setMeta(db, META.offlineSince, at);
    setMeta(db, META.offlineReason, reason);
  })();
}

export function markOnline(db: Db): void {
  db.transaction(() => {
    setMeta(db, META.offlineSince, null);
    setMeta(db, META.offlineReason, null);
  })();
}

/** Whether this replica ships its audit rows to its server (`archon sync --ship-audit`); off unless opted in. */
export const shipsAudit = (db: Db): boolean => metaValue(db, META.shipAudit) === "on";

export function setShipAudit(db: Db, on: boolean): void {
  setMeta(db, META.shipAudit, on ? "on" : null);
}

/** The compile_id of the last audit row the server acknowledged, or null before the first. */
export const auditCursor = (db: Db): string | null => metaValue(db, META.auditCursor);

export function setAuditCursor(db: Db, compileId: string | null): void {
  setMeta(db, META.auditCursor, compileId);
}

// --- what a server sends -------------------------------------------------------------------------

export interface StoredSnapshot {
  snapshot_id: string;
  knowledge_version: number;
  created_at: string;
  manifest_hash: string;
  manifest: SnapshotManifest;
}

const parsed = (row: Omit<StoredSnapshot, "manifest"> & { manifest: Buffer }): StoredSnapshot => ({
  ...row,
  manifest: JSON.parse(gunzipSync(row.manifest).toString("utf8")) as SnapshotManifest,
});

/** Up to `limit` snapshots after `after`, oldest first. */
export function snapshotsAfter(db: Db, after: number, limit: number): StoredSnapshot[] {
  const rows = statement(
    db,
    `SELECT snapshot_id, knowledge_version, created_at, manifest_hash, manifest FROM snapshots
     WHERE knowledge_version > ? ORDER BY knowledge_version LIMIT ?`,
  ).all(after, limit) as (Omit<StoredSnapshot, "manifest"> & { manifest: Buffer })[];
  return rows.map(parsed);
}

export function snapshotAt(db: Db, version: number): StoredSnapshot | undefined {
  const row = statement(
    db,
    `SELECT snapshot_id, knowledge_version, created_at, manifest_hash, manifest FROM snapshots
     WHERE knowledge_version = ?`,
  ).get(version) as (Omit<StoredSnapshot, "manifest"> & { manifest: Buffer }) | undefined;
  return row && parsed(row);
}

export const newestSnapshotVersion = (db: Db): number =>
  (db.prepare("SELECT MAX(knowledge_version) FROM snapshots").pluck().get() as number | null) ?? 0;

// --- pushed observations, on the server ----------------------------------------------------------

export interface PushRow {
  idempotency_key: string;
  actor: string;
  observation_id: string;
  received_at: string;
}

export const pushedObservation = (db: Db, key: string): PushRow | undefined =>
  statement(db, "SELECT * FROM sync_pushes WHERE idempotency_key = ?").get(key) as PushRow | undefined;

export function recordPush(db: Db, row: PushRow): void {
  statement(
    db,
    `INSERT INTO sync_pushes (idempotency_key, actor, observation_id, received_at)
     VALUES (@idempotency_key, @actor, @observation_id, @received_at)`,
  ).run(row);
}

// --- the outbox, on a replica --------------------------------------------------------------------

/** What a local observe was called with (after redaction): the arguments the server's observe takes. */
export interface ObserveArguments {
  event_type: ObservationEvent;
  payload: Record<string, unknown>;
  agent_id?: string;
}

export interface OutboxRow {
  idempotency_key: string;
  observation_id: string;
  arguments: ObserveArguments;
  created_at: string;
}

/** On a replica, queues the observation for the server; elsewhere does nothing. Call inside its transaction. */
export function queueForServer(db: Db, observationId: string, args: ObserveArguments, at: string): void {
  const replicaId = metaValue(db, META.id);
  if (metaValue(db, META.server) === null || replicaId === null) return;
  const { agent_id, ...rest } = args;
  statement(
    db,
    `INSERT INTO replica_outbox (idempotency_key, observation_id, arguments, created_at)
     VALUES (?, ?, ?, ?)`,
  ).run(
    `${replicaId}/${observationId}`,
    observationId,
    canonicalJson(agent_id === undefined ? rest : { ...rest, agent_id }),
    at,
  );
}

export function unpushedOutbox(db: Db, limit: number): OutboxRow[] {
  const rows = statement(
    db,
    `SELECT idempotency_key, observation_id, arguments, created_at FROM replica_outbox
     WHERE pushed_at IS NULL ORDER BY created_at, idempotency_key LIMIT ?`,
  ).all(limit) as (Omit<OutboxRow, "arguments"> & { arguments: string })[];
  return rows.map((r) => ({ ...r, arguments: JSON.parse(r.arguments) as ObserveArguments }));
}

export const countUnpushed = (db: Db): number =>
  db.prepare("SELECT COUNT(*) FROM replica_outbox WHERE pushed_at IS NULL").pluck().get() as number;

export function markPushed(
  db: Db,
  key: string,
  answer: { status: "applied" | "duplicate" | "rejected"; observation_id: string | null },
  at: string,
): void {
  statement(
    db,
    `UPDATE replica_outbox SET pushed_at = ?, push_status = ?, server_observation_id = ?
     WHERE idempotency_key = ? AND pushed_at IS NULL`,
  ).run(at, answer.status, answer.observation_id, key);
}

// --- a replica's canonical rows, made equal to a manifest ----------------------------------------

/** Inserts an edge under the server's id, so both sides' snapshots name it alike. */
export function insertEdgeWithId(db: Db, edge: SnapshotManifest["edges"][number], version: number): void {
  statement(
    db,
    `INSERT INTO edges (edge_id, edge_type, source_value, target_doc_id, status, created_version)
     VALUES (@edge_id, @edge_type, @source_value, @target_doc_id, 'approved', @version)`,
  ).run({ ...edge, version });
}

export function approveEdge(db: Db, edgeId: number): void {
  statement(db, "UPDATE edges SET status = 'approved' WHERE edge_id = ?").run(edgeId);
}

export function edgeIdOf(
  db: Db,
  edge: Omit<SnapshotManifest["edges"][number], "edge_id">,
): number | undefined {
  return db
    .prepare("SELECT edge_id FROM edges WHERE edge_type = ? AND source_value = ? AND target_doc_id = ?")
    .pluck()
    .get(edge.edge_type, edge.source_value, edge.target_doc_id) as number | undefined;
}

export function removeLayerRule(db: Db, pattern: string, layer: string): void {
  statement(db, "DELETE FROM layer_rules WHERE path_pattern = ? AND layer_name = ?").run(pattern, layer);
}
