// Reads over the compile audit for the dashboards: usage per document and what recent compiles were
// about. Writing the audit is audit.ts's job.
import type { Db } from "@archon/core";
import { loggedOutcomes } from "./audit.js";

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
  const approved = db
    .prepare("SELECT doc_id FROM documents WHERE status = 'approved' ORDER BY doc_id")
    .pluck()
    .all() as string[];
  const usage = new Map<string, DocumentUsage>(
    approved.map((doc_id) => [
      doc_id,
      { doc_id, compiles: 0, inline: 0, deferred: 0, omitted: 0, last_compiled_at: null },
    ]),
  );
  for (const compile of loggedOutcomes(db)) {
    const seen = new Set<string>();
    for (const { doc_id, delivery } of compile.outcome?.deliveries ?? []) {
      const u = usage.get(doc_id);
      // A document counts once per compile, as it was first delivered there.
      if (!u || seen.has(doc_id)) continue;
      seen.add(doc_id);
      u.compiles += 1;
      u[delivery] += 1;
      if (u.last_compiled_at === null || compile.created_at > u.last_compiled_at)
        u.last_compiled_at = compile.created_at;
    }
  }
  return [...usage.values()];
}

/** The target_files of the last `limit` compiles, newest first, each list as the request gave it. */
export function recentCompileTargets(db: Db, limit: number): string[][] {
  const requests = db
    .prepare("SELECT request FROM compile_log ORDER BY created_at DESC, compile_id DESC LIMIT ?")
    .pluck()
    .all(limit) as string[];
  return requests.map((r) => (JSON.parse(r) as { target_files?: string[] }).target_files ?? []);
}
