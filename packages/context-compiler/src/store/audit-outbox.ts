// On a replica that opted into shipping its audit: the kept rows the server has not acknowledged yet, as
// portable records. Rows follow insertion order (rowid), not created_at: the background audit writer
// commits a compile's row after later-stamped ones, and a created_at cursor would step over it.
import type { Db } from "@archon/core";
import type { CompileRequest } from "../read/compile.js";
import { toRepoPath } from "../read/glob.js";
import { storedOutcome } from "./audit.js";
import { loggedCompile } from "./audit-reads.js";
import { AuditTerms } from "./audit-terms.js";
import { auditCursor } from "./team/replica.js";
import type { PortableAudit } from "./team/shipped-audit.js";

interface Row {
  compile_id: string;
  created_at: string;
  status: "ok" | "error";
  knowledge_version: number;
  snapshot_id: string | null;
  request: string;
  outcome: Buffer | null;
}

/**
 * Where the rows to ship start. The cursor names a compile_id, not a rowid (VACUUM may renumber rowids,
 * never reorder them); once prune-log removed that row there is nothing to resume after, so every kept
 * row goes again and the server ignores the ones it holds.
 */
function startRowid(db: Db): number {
  const cursor = auditCursor(db);
  if (cursor === null) return 0;
  const rowid = db.prepare("SELECT rowid FROM compile_log WHERE compile_id = ?").pluck().get(cursor);
  return (rowid as number | undefined) ?? 0;
}

/** The target files as the project names them; a path outside it names the machine, so it is left out. */
function repoFiles(projectRoot: string, request: string): string[] {
  const files = new Set<string>();
  for (const target of (JSON.parse(request) as CompileRequest).target_files ?? []) {
    const path = toRepoPath(projectRoot, target);
    if (path !== undefined) files.add(path);
  }
  return [...files].sort();
}

/**
 * Up to `limit` rows after the cursor, oldest inserted first. `sessions` maps a compile to its session
 * (memory-runs.ts compileSessions); `projectRoot` makes absolute target paths repo-relative.
 */
export function auditToShip(
  db: Db,
  projectRoot: string,
  sessions: ReadonlyMap<string, string>,
  limit: number,
): PortableAudit[] {
  const terms = new AuditTerms(() => db);
  const rows = db
    .prepare(
      `SELECT compile_id, created_at, status, knowledge_version, snapshot_id, request, outcome
       FROM compile_log WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    )
    .all(startRowid(db), limit) as Row[];
  return rows.map((row) => ({
    ...loggedCompile({ ...row, outcome: storedOutcome(row.outcome, terms) }),
    knowledge_version: row.knowledge_version,
    snapshot_id: row.snapshot_id,
    session_id: sessions.get(row.compile_id) ?? null,
    target_files: repoFiles(projectRoot, row.request),
  }));
}

/** How many kept rows wait to be shipped. */
export const countAuditToShip = (db: Db): number =>
  db.prepare("SELECT COUNT(*) FROM compile_log WHERE rowid > ?").pluck().get(startRowid(db)) as number;
