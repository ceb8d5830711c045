// What document discovery remembers (the doc-like files it has seen, when it last ran) and what it asks
// of the knowledge: the files documents and pending proposals already come from.
import type { Db } from "@archon/core";

/** Files that are a document's source (any status) or a pending proposal's, without `#anchor`s. */
export function knownSourceFiles(db: Db): Set<string> {
  const rows = db
    .prepare(
      `SELECT source_path FROM documents WHERE source_path IS NOT NULL
       UNION SELECT json_extract(payload, '$.source_path') FROM proposals
       WHERE status = 'pending' AND json_valid(payload) AND json_extract(payload, '$.source_path') IS NOT NULL`,
    )
    .pluck()
    .all() as string[];
  return new Set(rows.map((p) => p.split("#", 1)[0] as string));
}

export function discoveredPaths(db: Db): Set<string> {
  return new Set(db.prepare("SELECT path FROM discovered_documents").pluck().all() as string[]);
}

export function lastDiscoveryRun(db: Db): string | undefined {
  return db.prepare("SELECT last_run_at FROM discovery_runs WHERE id = 1").pluck().get() as
    | string
    | undefined;
}

/** Records a run: paths seen for the first time, paths gone from the repository forgotten. */
export function recordDiscoveryRun(
  db: Db,
  at: string,
  seen: readonly string[],
  gone: readonly string[],
): void {
  db.transaction(() => {
    const add = db.prepare("INSERT OR IGNORE INTO discovered_documents (path, first_seen_at) VALUES (?, ?)");
    for (const path of seen) add.run(path, at);
    const drop = db.prepare("DELETE FROM discovered_documents WHERE path = ?");
    for (const path of gone) drop.run(path);
    db.prepare(
      `INSERT INTO discovery_runs (id, last_run_at) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET last_run_at = excluded.last_run_at`,
    ).run(at);
  })();
}
