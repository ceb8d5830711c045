// Migration 14: a remembered compile no longer keeps its own list of delivered documents. The audit row of
// the same compile_id holds them already (packed), and the copy as JSON was about 3 KB of database per
// compile at 10k documents, more than the whole compact audit row.
import type { Migration } from "@archon/core";

export const memoryCitesAudit: Migration = {
  id: 14,
  name: "memory-cites-audit",
  up(db) {
    db.exec("ALTER TABLE memory_compiles DROP COLUMN doc_ids");
  },
};
