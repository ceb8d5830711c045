// Episodic memory's runs: one row per server run, and the compiles it made. A remembered compile keeps its
// run and files (interned paths) and its full-text row; its time, plan and knowledge version are the audit
// row's, written in the same transaction (audit-batch.ts), so nothing the audit holds is stored twice.
import type { Db } from "@archon/core";
import { readCompileLog } from "./audit.js";
import { addTextRow, deleteRefs, refId } from "./memory-refs.js";
import { statement } from "./statements.js";

export interface RunRow {
  run_id: string;
  started_at: string;
  last_seen_at: string;
  surface: string;
  session_id: string | null;
}

/** Episodic memory's part of a server's compile, handed to the audit writer with the compile's row. */
export interface RunCompileMemory {
  run: RunRow;
  /** The target files as the compile normalized them. */
  files: string[];
}

/** What the audit row does not hold of a compile: its run and the files it was normalized to. */
export interface RunCompile {
  compile_id: string;
  /** The plan as the audit row stores it, for the full-text row only. */
  plan: string | null;
  files: readonly string[];
}

/** A remembered compile with the documents it delivered, read from its audit row. */
export interface RememberedCompile {
  compile_id: string;
  run_id: string;
  created_at: string;
  plan: string | null;
  files: string[];
  knowledge_version: number;
  doc_ids: string[];
}

/**
 * Creates the run on its first compile, moves its last_seen_at, and remembers the compile (once). Call in
 * the transaction that writes the compile's audit row: memory reads its time and plan from that row.
 */
export function recordRunCompile(db: Db, run: RunRow, compile: RunCompile): void {
  statement(
    db,
    `INSERT INTO memory_runs (run_id, started_at, last_seen_at, surface, session_id)
     VALUES (@run_id, @started_at, @last_seen_at, @surface, @session_id)
     ON CONFLICT (run_id) DO UPDATE SET last_seen_at = excluded.last_seen_at,
       session_id = COALESCE(memory_runs.session_id, excluded.session_id)`,
  ).run(run);
  const known = statement(db, "SELECT 1 FROM memory_refs WHERE ref = ?").get(compile.compile_id);
  if (known) return;
  const id = refId(db, compile.compile_id);
  statement(
    db,
    `INSERT INTO memory_compiles (ref_id, run_key, files)
     VALUES (?, (SELECT run_key FROM memory_runs WHERE run_id = ?), ?)`,
  ).run(id, run.run_id, compile.files.map((f) => pathId(db, f)).join(","));
  // Files are searchable too: "the billing controller" finds compiles of src/billing/controller.ts.
  addTextRow(db, id, [compile.plan ?? "", ...compile.files].join("\n"));
}

function pathId(db: Db, path: string): number {
  statement(db, "INSERT OR IGNORE INTO memory_paths (path) VALUES (?)").run(path);
  return statement(db, "SELECT path_id FROM memory_paths WHERE path = ?").pluck().get(path) as number;
}

/** The newest `limit` runs, newest first. */
export function recentRuns(db: Db, limit: number): RunRow[] {
  return db
    .prepare(
      `SELECT run_id, started_at, last_seen_at, surface, session_id FROM memory_runs
       ORDER BY started_at DESC, run_id DESC LIMIT ?`,
    )
    .all(limit) as RunRow[];
}

export function getRun(db: Db, runId: string): RunRow | undefined {
  return db
    .prepare("SELECT run_id, started_at, last_seen_at, surface, session_id FROM memory_runs WHERE run_id = ?")
    .get(runId) as RunRow | undefined;
}

/** A compile's own columns are set only where no audit row holds its time, plan and version. */
const COMPILES = `
  SELECT r.ref AS compile_id, u.run_id, COALESCE(l.created_at, c.created_at) AS created_at,
    l.request, c.plan, COALESCE(l.knowledge_version, c.knowledge_version) AS knowledge_version,
    (SELECT json_group_array(p.path) FROM json_each('[' || c.files || ']') j
      JOIN memory_paths p ON p.path_id = j.value) AS files
  FROM memory_compiles c JOIN memory_refs r ON r.ref_id = c.ref_id JOIN memory_runs u ON u.run_key = c.run_key
    LEFT JOIN compile_log l ON l.compile_id = r.ref`;

interface CompileRow {
  compile_id: string;
  run_id: string;
  created_at: string | null;
  request: string | null;
  plan: string | null;
  knowledge_version: number | null;
  /** A JSON array of paths. */
  files: string;
}

const compileFromRow = (db: Db, row: CompileRow): RememberedCompile => ({
  compile_id: row.compile_id,
  run_id: row.run_id,
  created_at: row.created_at ?? "",
  plan: row.request === null ? row.plan : ((JSON.parse(row.request) as { plan?: string }).plan ?? null),
  files: (JSON.parse(row.files) as string[]).sort(),
  // Pruned together with the audit row; a compile whose row is gone cites nothing.
  doc_ids: readCompileLog(db, row.compile_id)?.resolved_doc_ids ?? [],
  knowledge_version: row.knowledge_version ?? 0,
});

/** Every compile of the given runs, oldest first. */
export function compilesOfRuns(db: Db, runIds: readonly string[]): RememberedCompile[] {
  const select = db.prepare(`${COMPILES} WHERE u.run_id = ? ORDER BY 3, 1`);
  return runIds.flatMap((id) => (select.all(id) as CompileRow[]).map((r) => compileFromRow(db, r)));
}

/**
 * Deletes compiles recorded before `before` (ISO), or whose audit row is gone and that kept no time of
 * their own, with their text; then runs left with none. Works before or after prune-log deletes the rows.
 */
export function pruneCompilesBefore(db: Db, before: string): number {
  const rows = db
    .prepare(
      `SELECT c.ref_id, r.ref FROM memory_compiles c JOIN memory_refs r ON r.ref_id = c.ref_id
         LEFT JOIN compile_log l ON l.compile_id = r.ref
       WHERE COALESCE(l.created_at, c.created_at) IS NULL OR COALESCE(l.created_at, c.created_at) < ?
       ORDER BY c.ref_id`,
    )
    .all(before) as { ref_id: number; ref: string }[];
  const drop = db.prepare("DELETE FROM memory_compiles WHERE ref_id = ?");
  for (const row of rows) drop.run(row.ref_id);
  deleteRefs(
    db,
    rows.map((r) => r.ref),
  );
  db.prepare(
    `DELETE FROM memory_runs WHERE last_seen_at < ?
       AND NOT EXISTS (SELECT 1 FROM memory_compiles c WHERE c.run_key = memory_runs.run_key)`,
  ).run(before);
  return rows.length;
}

/** The session of each remembered compile whose run learned one, by compile_id (for eval's read matching). */
export function compileSessions(db: Db): Map<string, string> {
  const rows = db
    .prepare(
      `SELECT r.ref AS compile_id, u.session_id FROM memory_compiles c
         JOIN memory_refs r ON r.ref_id = c.ref_id JOIN memory_runs u ON u.run_key = c.run_key
       WHERE u.session_id IS NOT NULL`,
    )
    .all() as { compile_id: string; session_id: string }[];
  return new Map(rows.map((r) => [r.compile_id, r.session_id]));
}
