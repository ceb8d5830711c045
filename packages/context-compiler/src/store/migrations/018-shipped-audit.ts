// Migration 18: compile audit records that replicas opted to ship to this server for team-wide eval
// (`archon sync --ship-audit`), one per compile_id, with the person whose token pushed it. A replica's
// opt-in and its cursor live in its meta.
import type { Migration } from "@archon/core";

export const shippedAudit: Migration = {
  id: 18,
  name: "shipped-audit",
  up(db) {
    db.exec(`
      CREATE TABLE shipped_audit (
        compile_id TEXT PRIMARY KEY,
        person TEXT NOT NULL,
        created_at TEXT NOT NULL,
        received_at TEXT NOT NULL,
        record TEXT NOT NULL
      );
      CREATE INDEX shipped_audit_created ON shipped_audit (created_at, compile_id);
    `);
  },
};
