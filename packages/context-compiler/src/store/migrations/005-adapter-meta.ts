// Migration 5: what deploy-adapters last wrote, per target file, so every compile can tell a stale deploy.
import type { Migration } from "@archon/core";

export const adapterMeta: Migration = {
  id: 5,
  name: "adapter-meta",
  up(db) {
    db.exec(`
      -- One row per managed piece of a deployed target (a rule block, a skill, the hook entries).
      -- piece names what was rendered (claude-md, skill:archon-setup, git-hook:pre-commit) so it can be
      -- rendered again for the running version; path is where it went, relative to the project root.
      -- rendered_hash is the sha256 of the rendered piece, not of the file: hand edits go unnoticed.
      CREATE TABLE adapter_meta (
        target TEXT NOT NULL,
        piece TEXT NOT NULL,
        path TEXT NOT NULL,
        rendered_hash TEXT NOT NULL,
        archon_version TEXT NOT NULL,
        deployed_at TEXT NOT NULL,
        PRIMARY KEY (target, piece)
      );
    `);
  },
};
