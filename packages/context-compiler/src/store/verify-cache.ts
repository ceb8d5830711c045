// The verify_done cache: verdicts by the hash of what they depend on. Derived data, never knowledge: an
// entry can be dropped at any time and is computed again, so the agent surface may write here.
import type { Db } from "@archon/core";

export interface VerifyCacheRow {
  cache_key: string;
  created_at: string;
  knowledge_version: number;
  index_state: string;
  /** The verdict as JSON. */
  result: string;
}

/** Entries kept at most; the oldest go first when a new one is written. */
export const VERIFY_CACHE_KEEP = 500;

export function readVerifyCache(db: Db, key: string): VerifyCacheRow | undefined {
  return db.prepare("SELECT * FROM verify_cache WHERE cache_key = ?").get(key) as VerifyCacheRow | undefined;
}

export function writeVerifyCache(db: Db, row: VerifyCacheRow): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO verify_cache (cache_key, created_at, knowledge_version, index_state, result)
       VALUES (@cache_key, @created_at, @knowledge_version, @index_state, @result)
       ON CONFLICT (cache_key) DO NOTHING`,
    ).run(row);
    db.prepare(
      `DELETE FROM verify_cache WHERE cache_key NOT IN
         (SELECT cache_key FROM verify_cache ORDER BY created_at DESC, cache_key LIMIT ?)`,
    ).run(VERIFY_CACHE_KEEP);
  })();
}

export interface VerifyCacheCounts {
  entries: number;
  /** Entries made at another knowledge version or index state than the current ones. */
  stale: number;
  oldest: string | null;
  newest: string | null;
}

const STALE = "(knowledge_version != @version OR index_state != @state)";

export function verifyCacheCounts(db: Db, current: { version: number; state: string }): VerifyCacheCounts {
  return db
    .prepare(
      `SELECT COUNT(*) AS entries, COALESCE(SUM(CASE WHEN ${STALE} THEN 1 ELSE 0 END), 0) AS stale,
         MIN(created_at) AS oldest, MAX(created_at) AS newest FROM verify_cache`,
    )
    .get(current) as VerifyCacheCounts;
}

/** Deletes the stale entries; returns how many went. */
export function pruneStaleVerifyCache(db: Db, current: { version: number; state: string }): number {
  return db.prepare(`DELETE FROM verify_cache WHERE ${STALE}`).run(current).changes;
}
