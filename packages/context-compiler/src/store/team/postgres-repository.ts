// The team store on Postgres (a server through `pg`, or PGlite): writes serialised by a transaction-scoped
// advisory lock, seqs and versions assigned as head + 1 under it.

import { type LogStatements, withLogWriter } from "./log-writer.js";
import type { PostgresClient, SqlRunner } from "./postgres-client.js";
import { migratePostgres } from "./postgres-migrations.js";
import {
  type BlobRow,
  type CallRow,
  type HeadRow,
  toBlob,
  toCall,
  toHead,
  toVersion,
  type VersionRow,
} from "./postgres-rows.js";
import { type PostgresPlace, postgresPlace } from "./postgres-schema.js";
import type { ShippedAuditRow } from "./shipped-audit.js";
import type { TeamAuditStore, TeamRepository, TeamTokenStore } from "./team-repository.js";
import type { TokenRow } from "./team-tokens.js";

const CALL_COLUMNS = "seq, call_id, tool, args, actor, at, idempotency_key, knowledge_version";
const VERSION_COLUMNS = "knowledge_version, snapshot_id, manifest_hash, created_at, manifest, approved_by";
const TOKEN_COLUMNS = "token_id, person, scope, created_at, revoked_at";
const AUDIT_COLUMNS = "compile_id, person, created_at, received_at, record";

/** Creates or upgrades the schema, then serves the store through `client` (closed with the repository). */
export async function openPostgresTeamRepository(
  client: PostgresClient,
  schema?: string,
): Promise<TeamRepository> {
  const place = postgresPlace(schema);
  await migratePostgres(client, place);
  const t = place.table;
  const read = reads(client, place);
  let closed: Promise<void> | undefined;

  const tokens = postgresTokens(client, t);
  const audit = postgresAudit(client, t);

  return {
    dialect: "postgres",
    head: read.head,
    callsAfter: read.callsAfter,
    versionsAfter: read.versionsAfter,
    contents: async (hashes) => {
      if (hashes.length === 0) return [];
      const rows = await client.query<BlobRow>(
        `SELECT content_hash, content FROM ${t("content_blobs")} WHERE content_hash = ANY($1::text[]) ORDER BY content_hash`,
        [[...hashes]],
      );
      return rows.map(toBlob);
    },
    callByIdempotencyKey: read.callByIdempotencyKey,
    write: (fn) =>
      client.transaction(async (tx) => {
        // READ COMMITTED whatever the server's default: each statement after the lock then sees the commit
        // of the writer before us. Under REPEATABLE READ the snapshot would predate the wait.
        await tx.exec("SET TRANSACTION ISOLATION LEVEL READ COMMITTED");
        // One lock for the whole store, held to COMMIT. Seqs and versions are head + 1 read under it, not
        // SEQUENCEs: a sequence hands out numbers that a rolled-back write then leaves as gaps, and both the
        // log and the versions must be gapless for replicas to know they have everything.
        await tx.query("SELECT pg_advisory_xact_lock($1, $2)", place.lockKey);
        return withLogWriter(statements(tx, place), fn);
      }),
    tokens,
    audit,
    close: () => {
      // Closing twice is harmless: the second waits for the first.
      closed ??= client.close();
      return closed;
    },
  };
}

/** Bearer tokens in the store's team_tokens table. */
function postgresTokens(client: PostgresClient, t: PostgresPlace["table"]): TeamTokenStore {
  return {
    insert: async (row) => {
      await client.query(
        `INSERT INTO ${t("team_tokens")} (token_id, person, scope, secret_sha256, created_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, NULL)`,
        [row.token_id, row.person, row.scope, row.secret_sha256, row.created_at],
      );
    },
    list: () =>
      client.query<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM ${t("team_tokens")} ORDER BY created_at DESC, token_id`,
      ),
    liveBySecretHash: async (secretSha256) =>
      (
        await client.query<TokenRow>(
          `SELECT ${TOKEN_COLUMNS} FROM ${t("team_tokens")} WHERE secret_sha256 = $1 AND revoked_at IS NULL`,
          [secretSha256],
        )
      )[0],
    revoke: async (tokenId, at) =>
      (
        await client.query(
          `UPDATE ${t("team_tokens")} SET revoked_at = $1 WHERE token_id = $2 AND revoked_at IS NULL RETURNING token_id`,
          [at, tokenId],
        )
      ).length === 1,
  };
}

/** Audit rows replicas ship, one per compile_id: a retried push stores nothing twice. */
function postgresAudit(client: PostgresClient, t: PostgresPlace["table"]): TeamAuditStore {
  return {
    insert: (rows) =>
      client.transaction(async (tx) => {
        let stored = 0;
        for (const r of rows) {
          const inserted = await tx.query(
            `INSERT INTO ${t("shipped_audit")} (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (compile_id) DO NOTHING RETURNING compile_id`,
            [r.compile_id, r.person, r.created_at, r.received_at, r.record],
          );
          stored += inserted.length;
        }
        return { stored, duplicates: rows.length - stored };
      }),
    list: () =>
      client.query<ShippedAuditRow>(
        `SELECT ${AUDIT_COLUMNS} FROM ${t("shipped_audit")} ORDER BY created_at, compile_id`,
      ),
  };
}

function reads(on: SqlRunner, place: PostgresPlace) {
  const t = place.table;
  return {
    head: async () => {
      const rows = await on.query<HeadRow>(
        `SELECT (SELECT COALESCE(MAX(seq), 0) FROM ${t("call_log")}) AS seq,
                (SELECT COALESCE(MAX(knowledge_version), 0) FROM ${t("snapshots")}) AS knowledge_version`,
      );
      return toHead(rows[0] as HeadRow);
    },
    callsAfter: async (seq: number, limit: number) =>
      (
        await on.query<CallRow>(
          `SELECT ${CALL_COLUMNS} FROM ${t("call_log")} WHERE seq > $1 ORDER BY seq LIMIT $2`,
          [seq, limit],
        )
      ).map(toCall),
    versionsAfter: async (version: number, limit: number) =>
      (
        await on.query<VersionRow>(
          `SELECT ${VERSION_COLUMNS} FROM ${t("snapshots")} WHERE knowledge_version > $1 ORDER BY knowledge_version LIMIT $2`,
          [version, limit],
        )
      ).map(toVersion),
    callByIdempotencyKey: async (key: string) => {
      const rows = await on.query<CallRow>(
        `SELECT ${CALL_COLUMNS} FROM ${t("call_log")} WHERE idempotency_key = $1`,
        [key],
      );
      return rows[0] && toCall(rows[0]);
    },
  };
}

function statements(tx: SqlRunner, place: PostgresPlace): LogStatements {
  const t = place.table;
  const exists = async (sql: string, value: string) => (await tx.query(sql, [value])).length > 0;
  return {
    ...reads(tx, place),
    hasCallId: (callId) => exists(`SELECT 1 FROM ${t("call_log")} WHERE call_id = $1`, callId),
    hasSnapshotId: (snapshotId) =>
      exists(`SELECT 1 FROM ${t("snapshots")} WHERE snapshot_id = $1`, snapshotId),
    insertCall: async (c) => {
      await tx.query(
        `INSERT INTO ${t("call_log")} (${CALL_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [c.seq, c.call_id, c.tool, c.args, c.actor, c.at, c.idempotency_key, c.knowledge_version],
      );
    },
    insertVersion: async (v) => {
      await tx.query(`INSERT INTO ${t("snapshots")} (${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [
        v.knowledge_version,
        v.snapshot_id,
        v.manifest_hash,
        v.created_at,
        v.manifest,
        v.approved_by,
      ]);
    },
    insertMissingBlobs: async (blobs) => {
      for (const blob of blobs) {
        await tx.query(
          `INSERT INTO ${t("content_blobs")} (content_hash, content) VALUES ($1, $2) ON CONFLICT (content_hash) DO NOTHING`,
          [blob.content_hash, Buffer.from(blob.content, "utf8")],
        );
      }
    },
  };
}
