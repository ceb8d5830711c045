// The schema of the team store on Postgres, as ordered migrations applied under the write lock. Never edit
// a shipped migration: add one.
import type { PostgresClient } from "./postgres-client.js";
import type { PostgresPlace } from "./postgres-schema.js";

interface PostgresMigration {
  /** Strictly increasing, never reused. */
  id: number;
  name: string;
  sql(t: PostgresPlace["table"]): string;
}

// Text is `COLLATE "C"` where rows are ordered or compared: byte order, as SQLite orders, whatever locale
// the server was created with. Times are text: replay needs the ISO string back exactly as written.
// Content is bytea: Postgres text refuses the NUL character a document may hold; SQLite keeps it.
const teamLog: PostgresMigration = {
  id: 1,
  name: "team-log",
  sql: (t) => `
    CREATE TABLE ${t("call_log")} (
      seq bigint PRIMARY KEY,
      call_id text COLLATE "C" NOT NULL UNIQUE,
      tool text NOT NULL,
      args text NOT NULL,
      actor text NOT NULL,
      at text NOT NULL,
      idempotency_key text COLLATE "C" UNIQUE,
      knowledge_version bigint NOT NULL
    );
    CREATE TABLE ${t("snapshots")} (
      knowledge_version bigint PRIMARY KEY,
      snapshot_id text COLLATE "C" NOT NULL UNIQUE,
      manifest_hash text NOT NULL,
      created_at text NOT NULL,
      manifest bytea NOT NULL,
      approved_by text
    );
    CREATE TABLE ${t("content_blobs")} (content_hash text COLLATE "C" PRIMARY KEY, content bytea NOT NULL);
    CREATE TABLE ${t("team_tokens")} (
      token_id text COLLATE "C" PRIMARY KEY,
      person text NOT NULL,
      scope text NOT NULL CHECK (scope IN ('archon:agent', 'archon:admin')),
      secret_sha256 text NOT NULL UNIQUE,
      created_at text COLLATE "C" NOT NULL,
      revoked_at text
    );
    -- Replicas replay the log and copy the snapshots: a row changed afterwards would fork them (INV-3).
    CREATE FUNCTION ${t("refuse_change")}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the team store''s % rows are append-only: % refused', TG_TABLE_NAME, TG_OP; END
    $$;
    CREATE TRIGGER call_log_append_only BEFORE UPDATE OR DELETE ON ${t("call_log")}
      FOR EACH ROW EXECUTE FUNCTION ${t("refuse_change")}();
    CREATE TRIGGER snapshots_append_only BEFORE UPDATE OR DELETE ON ${t("snapshots")}
      FOR EACH ROW EXECUTE FUNCTION ${t("refuse_change")}();
  `,
};

/** The audit records replicas ship for team-wide eval, one per compile_id. */
const shippedAudit: PostgresMigration = {
  id: 2,
  name: "shipped-audit",
  sql: (t) => `
    CREATE TABLE ${t("shipped_audit")} (
      compile_id text COLLATE "C" PRIMARY KEY,
      person text NOT NULL,
      created_at text COLLATE "C" NOT NULL,
      received_at text NOT NULL,
      record text NOT NULL
    );
    CREATE INDEX shipped_audit_created ON ${t("shipped_audit")} (created_at, compile_id);
  `,
};

const migrations: readonly PostgresMigration[] = [teamLog, shippedAudit];

/**
 * Creates the schema when missing and applies the migrations not yet recorded, all in one transaction
 * (Postgres DDL is transactional) holding the write lock, so instances starting together on a new
 * database do not run the same migration twice.
 */
export async function migratePostgres(client: PostgresClient, place: PostgresPlace): Promise<void> {
  const t = place.table;
  await client.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1, $2)", place.lockKey);
    if (place.schema) await tx.exec(`CREATE SCHEMA IF NOT EXISTS ${place.schema}`);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS ${t("schema_migrations")} (id integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`,
    );
    const rows = await tx.query<{ id: number }>(`SELECT id FROM ${t("schema_migrations")}`);
    const applied = new Set(rows.map((row) => row.id));
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await tx.exec(migration.sql(t));
      await tx.query(`INSERT INTO ${t("schema_migrations")} (id, name, applied_at) VALUES ($1, $2, $3)`, [
        migration.id,
        migration.name,
        new Date().toISOString(),
      ]);
    }
  });
}
