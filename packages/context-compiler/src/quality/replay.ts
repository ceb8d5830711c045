// eval --replay: every logged compile run again against its own snapshot and tag catalog with today's
// code, and every difference reported (a changed result, a changed error, a snapshot that is gone, a
// snapshot that no longer gives the knowledge that was recorded).
import type { CompileService } from "../services/compile-service.js";
import { readCompileLog } from "../store/audit.js";
import { loggedCompileIds } from "../store/audit-reads.js";
import type { KnowledgeDb } from "../store/knowledge-db.js";
import { snapshotKnowledge } from "../store/snapshots.js";

export interface ReplayDifference {
  compile_id: string;
  kind: "result_changed" | "error_changed" | "snapshot_missing" | "knowledge_changed";
  logged: { result_hash: string | null; error: string | null };
  replayed: { result_hash: string | null; error: string | null } | null;
  /**
   * For knowledge_changed: the knowledge_hash recorded (by the audit row, else by its snapshot) and the
   * one the snapshot gives now. The replay then answers from other rules than the compile saw.
   */
  knowledge?: { recorded: string; replayed: string };
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
  // Each snapshot's recorded hash checked once against its manifest, however many compiles used it.
  const snapshots = new Map<string, ReturnType<typeof snapshotKnowledge>>();
  const snapshotCheck = (id: string) => {
    if (!snapshots.has(id)) snapshots.set(id, snapshotKnowledge(kdb.db, id));
    return snapshots.get(id);
  };
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
    const now = { result_hash: replay.result_hash, error: replay.error };
    const snapshot = audit.snapshot_id === null ? undefined : snapshotCheck(audit.snapshot_id);
    const knowledge =
      audit.knowledge_hash !== null && audit.knowledge_hash !== replay.knowledge_hash
        ? { recorded: audit.knowledge_hash, replayed: replay.knowledge_hash }
        : snapshot && snapshot.recorded !== snapshot.now
          ? { recorded: snapshot.recorded, replayed: snapshot.now }
          : undefined;
    if (knowledge) {
      differences.push({ compile_id: id, kind: "knowledge_changed", logged, replayed: now, knowledge });
      continue;
    }
    if (replay.same_result) continue;
    differences.push({
      compile_id: id,
      kind: replay.error !== audit.error ? "error_changed" : "result_changed",
      logged,
      replayed: now,
    });
  }
  return { replayed, same: replayed - differences.length, differences };
}
