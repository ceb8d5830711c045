// Migration 19: the prompt hook's per-session state and which session captured each decision, in the
// database rather than in files under .archon/hooks/: an agent's file tools can write any file in the
// project, so a state file could name another session's decision; they cannot forge rows here.
import type { Migration } from "@archon/core";

export const hookSessions: Migration = {
  id: 19,
  name: "hook-sessions",
  up(db) {
    db.exec(`
      CREATE TABLE hook_sessions (
        session_id TEXT PRIMARY KEY,
        injected TEXT NOT NULL,
        captured TEXT NOT NULL,
        awaiting TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE hook_captures (
        proposal_id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        captured_at TEXT NOT NULL
      );
    `);
  },
};
