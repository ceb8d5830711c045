// The stats and workspace dashboards, read from the store's counts and the compile audit.
import type { Db } from "@archon/core";
import { toRepoPath } from "../read/glob.js";
import { documentUsage, recentCompileTargets } from "../store/compile-history.js";
import { rowCounts } from "../store/row-counts.js";
import { latestSnapshot } from "../store/snapshots.js";
import { readVersion } from "../store/version.js";

// archon status (cli/) reads the counts from here.

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
        ? "These approved documents have never been delivered inline or deferred. Run doctor for isolated documents and dead edges, and compile one of their files with include_debug for the near misses."
        : null,
  };
}

/** The regions (first two folders) the last compiles were about, each request's paths read as repo paths. */
function recentRegions(db: Db, projectRoot: string, lastCompiles = 50) {
  const regions = new Map<string, number>();
  for (const files of recentCompileTargets(db, lastCompiles)) {
    // The audit keeps each request as it came ("./src/a.ts", an absolute path, backslashes).
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
