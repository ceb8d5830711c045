// The schema of a team store kept in a SQLite file of its own, as ordered migrations. Never edit a shipped
// migration: add one.
import type { Migration } from "@archon/core";
import { shippedAudit as projectShippedAudit } from "../migrations/018-shipped-audit.js";

const teamLog: Migration = {
  id: 1,
  name: "team-log",
  up(db) {
    db.exec(`
      CREATE TABLE call_log (
        seq INTEGER PRIMARY KEY,
        call_id TEXT NOT NULL UNIQUE,
        tool TEXT NOT NULL,
        args TEXT NOT NULL,
        actor TEXT NOT NULL,
        at TEXT NOT NULL,
        idempotency_key TEXT UNIQUE,
        knowledge_version INTEGER NOT NULL
      );
      CREATE TABLE snapshots (
        knowledge_version INTEGER PRIMARY KEY,
        snapshot_id TEXT NOT NULL UNIQUE,
        manifest_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        manifest BLOB NOT NULL,
        approved_by TEXT
      );
      CREATE TABLE content_blobs (content_hash TEXT PRIMARY KEY, content TEXT NOT NULL);
      CREATE TABLE team_tokens (
        token_id TEXT PRIMARY KEY,
        person TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('archon:agent', 'archon:admin')),
        secret_sha256 TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      -- Replicas replay the log and copy the snapshots: a row changed afterwards would fork them (INV-3).
      CREATE TRIGGER call_log_no_update BEFORE UPDATE ON call_log
        BEGIN SELECT RAISE(ABORT, 'the team log is append-only'); END;
      CREATE TRIGGER call_log_no_delete BEFORE DELETE ON call_log
        BEGIN SELECT RAISE(ABORT, 'the team log is append-only'); END;
      CREATE TRIGGER snapshots_no_update BEFORE UPDATE ON snapshots
        BEGIN SELECT RAISE(ABORT, 'snapshots are immutable (INV-3)'); END;
      CREATE TRIGGER snapshots_no_delete BEFORE DELETE ON snapshots
        BEGIN SELECT RAISE(ABORT, 'snapshots are immutable (INV-3)'); END;
    `);
  },
};

/** The audit records replicas ship for team-wide eval: the project database's table (migration 18), as is. */
const shippedAudit: Migration = { id: 2, name: "shipped-audit", up: projectShippedAudit.up };

export const sqliteTeamMigrations: readonly Migration[] = [teamLog, shippedAudit];
