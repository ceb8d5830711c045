// Migration 15: local replicas of a team server. On the server, each pushed observation's idempotency key,
// written with the observation, so a retried push applies nothing twice; on a replica, the outbox of local
// observations waiting for `archon sync`, each marked with the server's answer once pushed. The replica's
// own state (its server, when it went offline) lives in meta.
import type { Migration } from "@archon/core";

export const replicas: Migration = {
  id: 15,
  name: "replicas",
  up(db) {
    db.exec(`
      CREATE TABLE sync_pushes (
        idempotency_key TEXT PRIMARY KEY,
        actor TEXT NOT NULL,
        observation_id TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
      CREATE TABLE replica_outbox (
        idempotency_key TEXT PRIMARY KEY,
        observation_id TEXT NOT NULL,
        arguments TEXT NOT NULL,
        created_at TEXT NOT NULL,
        pushed_at TEXT,
        push_status TEXT CHECK (push_status IN ('applied', 'duplicate', 'rejected')),
        server_observation_id TEXT
      );
      CREATE INDEX replica_outbox_unpushed ON replica_outbox (pushed_at, created_at);
    `);
  },
};
