// Migration 22: committed rule files are the source of canonical knowledge (.archon/rules/). The database
// remembers, per file, the blob it last absorbed from git and the one archon last wrote, so that only what
// a commit changed is absorbed, and records each absorption for the person to be told of it.
import type { Migration } from "@archon/core";
import { META_RENDERED } from "../rule-files.js";

export const ruleFiles: Migration = {
  id: 22,
  name: "rule-files",
  up(db) {
    db.exec(`
      CREATE TABLE rule_file_base (
        path TEXT PRIMARY KEY,
        doc_id TEXT,
        committed_oid TEXT,
        written_oid TEXT
      );
      CREATE TABLE rule_file_changes (
        change_id INTEGER PRIMARY KEY AUTOINCREMENT,
        absorbed_at TEXT NOT NULL,
        commit_oid TEXT,
        commits TEXT NOT NULL,
        changed TEXT NOT NULL,
        removed TEXT NOT NULL,
        problems TEXT NOT NULL,
        knowledge_version INTEGER NOT NULL,
        told INTEGER NOT NULL DEFAULT 0
      );
    `);
    // A database with no approved rule has nothing to write out; one from before this model writes its
    // rules once, when a process first opens it (knowledge/rule-files/rule-files-watch.ts).
    db.prepare(
      `INSERT INTO meta (key, value) SELECT ?, '1'
       WHERE NOT EXISTS (SELECT 1 FROM documents WHERE status = 'approved')`,
    ).run(META_RENDERED);
  },
};
