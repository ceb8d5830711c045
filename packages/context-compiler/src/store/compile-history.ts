// Reads over the compile audit (compile_log, compile_deliveries) for the dashboards: usage per document and
// what recent compiles were about. Writing the audit is audit.ts's job.
import type { Db } from "@archon/core";

export interface DocumentUsage {
  doc_id: string;
  compiles: number;
  inline: number;
  deferred: number;
  omitted: number;
  last_compiled_at: string | null;
}

/** How often each approved document came back from a compile, and how it was delivered, by doc_id. */
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

/** The target_files of the last `limit` compiles, newest first, each list as the request gave it. */
export function recentCompileTargets(db: Db, limit: number): string[][] {
  const requests = db
    .prepare("SELECT request FROM compile_log ORDER BY created_at DESC, compile_id DESC LIMIT ?")
    .pluck()
    .all(limit) as string[];
  return requests.map((r) => (JSON.parse(r) as { target_files?: string[] }).target_files ?? []);
}
