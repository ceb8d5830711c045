// eval --replay: every logged compile run again against its own snapshot and tag catalog with today's
// code, and every difference reported (a changed result, a changed error, a snapshot that is gone).
import type { CompileService } from "../services/compile-service.js";
import { readCompileLog } from "../store/audit.js";
import { loggedCompileIds } from "../store/audit-reads.js";
import type { KnowledgeDb } from "../store/knowledge-db.js";

export interface ReplayDifference {
  compile_id: string;
  kind: "result_changed" | "error_changed" | "snapshot_missing";
  logged: { result_hash: string | null; error: string | null };
  replayed: { result_hash: string | null; error: string | null } | null;
}

export interface ReplayReport {
  replayed: number;
  same: number;
  differences: ReplayDifference[];
}

/** Past this many logged compiles a replay would take minutes; prune-log or a later run covers the rest. */
export const REPLAY_LIMIT = 10_000;

export function replayLog(kdb: KnowledgeDb, compiler: CompileService): ReplayReport {
  compiler.flushAudit();
  const differences: ReplayDifference[] = [];
  let replayed = 0;
  for (const id of loggedCompileIds(kdb.db, REPLAY_LIMIT)) {
    const audit = readCompileLog(kdb.db, id);
    if (!audit) continue;
    replayed += 1;
    const logged = { result_hash: audit.result_hash, error: audit.error };
    const replay = compiler.replay(audit);
    if (!replay) {
      differences.push({ compile_id: id, kind: "snapshot_missing", logged, replayed: null });
      continue;
    }
    if (replay.same_result) continue;
    differences.push({
      compile_id: id,
      kind: replay.error !== audit.error ? "error_changed" : "result_changed",
      logged,
      replayed: { result_hash: replay.result_hash, error: replay.error },
    });
  }
  return { replayed, same: replayed - differences.length, differences };
}
