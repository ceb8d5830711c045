// Row counts and the workspace dashboard. Every statement here is a SELECT.
import type { Db } from "@archon/core";
import { toRepoPath } from "../read/glob.js";
import { latestSnapshot } from "../store/snapshots.js";
import { readVersion } from "../store/version.js";

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

export interface DocumentUsage {
  doc_id: string;
  compiles: number;
  inline: number;
  deferred: number;
  omitted: number;
  last_compiled_at: string | null;
}

/** How often each approved document came back from a compile, and how it was delivered. */
export function documentUsage(db: Db): DocumentUsage[] {
  return db
    .prepare(
      `SELECT d.doc_id, COUNT(cd.compile_id) AS compiles,
         COUNT(CASE WHEN cd.delivery = 'inline' THEN 1 END) AS inline,
         COUNT(CASE WHEN cd.delivery = 'deferred' THEN 1 END) AS deferred,
         COUNT(CASE WHEN cd.delivery = 'omitted' THEN 1 END) AS omitted,
         MAX(c.created_at) AS last_compiled_at
       FROM documents d
       LEFT JOIN compile_deliveries cd ON cd.doc_id = d.doc_id
       LEFT JOIN compile_log c ON c.compile_id = cd.compile_id
       WHERE d.status = 'approved' GROUP BY d.doc_id ORDER BY d.doc_id`,
    )
    .all() as DocumentUsage[];
}

export function stats(db: Db) {
  const usage = documentUsage(db);
  const never_delivered = usage.filter((u) => u.inline + u.deferred === 0).map((u) => u.doc_id);
  return {
    knowledge_version: readVersion(db),
    latest_snapshot: latestSnapshot(db) ?? null,
    ...rowCounts(db),
    usage,
    never_delivered,
    never_delivered_hint:
      never_delivered.length > 0
        ? "These approved documents have never been delivered inline or deferred. recall({ gaps: true }) will explain the per-edge reasons once it exists; until then, run doctor for isolated documents and dead edges."
        : null,
  };
}

/** The top two folders of files compiled recently, with how often they came up. */
/** The regions (first two folders) the last compiles were about, each request's paths read as repo paths. */
function recentRegions(db: Db, projectRoot: string, lastCompiles = 50) {
  const rows = db
    .prepare("SELECT request FROM compile_log ORDER BY created_at DESC, compile_id DESC LIMIT ?")
    .all(lastCompiles) as { request: string }[];
  const regions = new Map<string, number>();
  for (const row of rows) {
    // The audit keeps each request as it came ("./src/a.ts", an absolute path, backslashes).
    const files = (JSON.parse(row.request) as { target_files?: string[] }).target_files ?? [];
    const touched = new Set<string>();
    for (const file of files.map((f) => toRepoPath(projectRoot, f))) {
      if (file === undefined) continue;
      const parts = file.split("/");
      touched.add(
        parts.length > 2 ? `${parts.slice(0, 2).join("/")}/` : parts.length === 2 ? `${parts[0]}/` : "./",
      );
    }
    for (const region of touched) regions.set(region, (regions.get(region) ?? 0) + 1);
  }
  return [...regions]
    .map(([region, compiles]) => ({ region, compiles }))
    .sort((a, b) => b.compiles - a.compiles || (a.region < b.region ? -1 : 1))
    .slice(0, 10);
}

export function workspaceStatus(db: Db, projectRoot: string) {
  const counts = rowCounts(db);
  return {
    knowledge_version: readVersion(db),
    initialized: (counts.documents_by_status.approved ?? 0) > 0,
    latest_snapshot: latestSnapshot(db) ?? null,
    recent_compile_regions: recentRegions(db, projectRoot),
    unresolved: {
      pending_documents: counts.documents_by_status.pending ?? 0,
      failed_compiles: counts.failed_compiles,
    },
    canonical_rows: counts,
  };
}
