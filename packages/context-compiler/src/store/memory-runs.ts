// Episodic memory's runs: one row per server run, and the compiles it made with their files and plan.
import type { Db } from "@archon/core";
import { readCompileLog } from "./audit.js";

export interface RunRow {
  run_id: string;
  started_at: string;
  last_seen_at: string;
  surface: string;
  session_id: string | null;
}

export interface MemoryCompile {
  compile_id: string;
  run_id: string;
  created_at: string;
  plan: string | null;
  files: string[];
  knowledge_version: number;
}

/** A remembered compile with the documents it delivered, read from its audit row. */
export interface RememberedCompile extends MemoryCompile {
  doc_ids: string[];
}

/** Creates the run on its first compile and moves its last_seen_at; files go to the shared file index. */
export function recordRunCompiles(db: Db, run: RunRow, compiles: readonly MemoryCompile[]): void {
  const upsertRun = db.prepare(
    `INSERT INTO memory_runs (run_id, started_at, last_seen_at, surface, session_id)
     VALUES (@run_id, @started_at, @last_seen_at, @surface, @session_id)
     ON CONFLICT (run_id) DO UPDATE SET last_seen_at = excluded.last_seen_at,
       session_id = COALESCE(memory_runs.session_id, excluded.session_id)`,
  );
  const insertCompile = db.prepare(
    `INSERT OR IGNORE INTO memory_compiles (compile_id, run_id, created_at, plan, knowledge_version)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertFile = db.prepare("INSERT OR IGNORE INTO memory_files (ref, file) VALUES (?, ?)");
  const insertText = db.prepare("INSERT INTO memory_fts (ref, body) VALUES (?, ?)");
  db.transaction(() => {
    upsertRun.run(run);
    for (const c of compiles) {
      const added = insertCompile.run(
        c.compile_id,
        c.run_id,
        c.created_at,
        c.plan,
        c.knowledge_version,
      ).changes;
      if (added === 0) continue;
      for (const file of c.files) insertFile.run(c.compile_id, file);
      // Files are searchable too: "the billing controller" finds compiles of src/billing/controller.ts.
      insertText.run(c.compile_id, [c.plan ?? "", ...c.files].join("\n"));
    }
  }).immediate();
}

/** The newest `limit` runs, newest first. */
export function recentRuns(db: Db, limit: number): RunRow[] {
  return db
    .prepare("SELECT * FROM memory_runs ORDER BY started_at DESC, run_id DESC LIMIT ?")
    .all(limit) as RunRow[];
}

export function getRun(db: Db, runId: string): RunRow | undefined {
  return db.prepare("SELECT * FROM memory_runs WHERE run_id = ?").get(runId) as RunRow | undefined;
}

const compileFromRow = (db: Db, row: Record<string, unknown>): RememberedCompile => ({
  compile_id: row.compile_id as string,
  run_id: row.run_id as string,
  created_at: row.created_at as string,
  plan: row.plan as string | null,
  files: filesOf(db, row.compile_id as string),
  // Pruned together with the audit row; a compile whose row is gone cites nothing.
  doc_ids: readCompileLog(db, row.compile_id as string)?.resolved_doc_ids ?? [],
  knowledge_version: row.knowledge_version as number,
});

/** Every compile of the given runs, oldest first. */
export function compilesOfRuns(db: Db, runIds: readonly string[]): RememberedCompile[] {
  const select = db.prepare("SELECT * FROM memory_compiles WHERE run_id = ? ORDER BY created_at, compile_id");
  return runIds.flatMap((id) =>
    (select.all(id) as Record<string, unknown>[]).map((r) => compileFromRow(db, r)),
  );
}

/** The files a compile or note (by ref) touched, sorted. */
export function filesOf(db: Db, ref: string): string[] {
  return db.prepare("SELECT file FROM memory_files WHERE ref = ? ORDER BY file").pluck().all(ref) as string[];
}

/** Deletes compiles recorded before `before` (ISO), their files and text, and runs left with none. */
export function pruneCompilesBefore(db: Db, before: string): number {
  const ids = db
    .prepare("SELECT compile_id FROM memory_compiles WHERE created_at < ? ORDER BY compile_id")
    .pluck()
    .all(before) as string[];
  for (const id of ids) {
    db.prepare("DELETE FROM memory_files WHERE ref = ?").run(id);
    db.prepare("DELETE FROM memory_fts WHERE ref = ?").run(id);
    db.prepare("DELETE FROM memory_compiles WHERE compile_id = ?").run(id);
  }
  db.prepare(
    `DELETE FROM memory_runs WHERE last_seen_at < ?
       AND NOT EXISTS (SELECT 1 FROM memory_compiles c WHERE c.run_id = memory_runs.run_id)`,
  ).run(before);
  return ids.length;
}
