// Migration 13: people on a shared server. Bearer tokens for `archon serve --http`, stored only as the
// sha256 of the secret, each naming a person and a scope; and who decided each proposal, so an approval
// over the network still says which person gave it (P-3 across people).
import type { Migration } from "@archon/core";

export const teamTokens: Migration = {
  id: 13,
  name: "team-tokens",
  up(db) {
    db.exec(`
      CREATE TABLE team_tokens (
        token_id TEXT PRIMARY KEY,
        person TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('archon:agent', 'archon:admin')),
        secret_sha256 TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      ALTER TABLE proposals ADD COLUMN decided_by TEXT;
    `);
  },
};
