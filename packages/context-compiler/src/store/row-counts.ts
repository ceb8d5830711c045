// The dashboard's row counts (stats, workspace_status, archon status): how many rows of each kind, by status.
import type { Db } from "@archon/core";

const countBy = (db: Db, sql: string): Record<string, number> =>
  Object.fromEntries((db.prepare(sql).all() as { k: string; n: number }[]).map((r) => [r.k, r.n]));

const count = (db: Db, sql: string) => (db.prepare(sql).get() as { n: number }).n;

export function rowCounts(db: Db) {
  return {
    documents_by_status: countBy(
      db,
      "SELECT status AS k, COUNT(*) AS n FROM documents GROUP BY status ORDER BY status",
    ),
    documents_by_kind: countBy(
      db,
      "SELECT kind AS k, COUNT(*) AS n FROM documents WHERE status = 'approved' GROUP BY kind ORDER BY kind",
    ),
    edges_by_type: countBy(
      db,
      "SELECT edge_type AS k, COUNT(*) AS n FROM edges WHERE status = 'approved' GROUP BY edge_type ORDER BY edge_type",
    ),
    proposals_by_status: countBy(
      db,
      "SELECT status AS k, COUNT(*) AS n FROM proposals GROUP BY status ORDER BY status",
    ),
    observations_by_status: countBy(
      db,
      "SELECT status AS k, COUNT(*) AS n FROM observations GROUP BY status ORDER BY status",
    ),
    layer_rules: count(db, "SELECT COUNT(*) AS n FROM layer_rules"),
    tags: count(db, "SELECT COUNT(DISTINCT tag) AS n FROM tag_mappings"),
    snapshots: count(db, "SELECT COUNT(*) AS n FROM snapshots"),
    compiles: count(db, "SELECT COUNT(*) AS n FROM compile_log"),
    failed_compiles: count(db, "SELECT COUNT(*) AS n FROM compile_log WHERE status = 'error'"),
  };
}
