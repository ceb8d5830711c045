// Migration 21: an audit row names the knowledge it compiled against by content (knowledge_hash), so
// rows from two machines can be told "same rules" apart from "same local version number". Rows logged
// before keep NULL: their snapshot still names what they saw, and a replay computes its hash again.
import type { Migration } from "@archon/core";

export const knowledgeHash: Migration = {
  id: 21,
  name: "knowledge-hash",
  up(db) {
    db.exec("ALTER TABLE compile_log ADD COLUMN knowledge_hash TEXT;");
  },
};
