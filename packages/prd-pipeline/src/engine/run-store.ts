// Persisted runs (SQLite): every step is saved, so a restarted server continues the same run, and a lease
// with a version lets exactly one answer per action through, whichever process sends it.
import { type Db, InternalError, type Migration, migrate, openDatabase } from "@archon/core";
import { type RunState, runStateSchema } from "../run-model/state.js";

const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: "runs",
    up: (db) => {
      db.exec(`CREATE TABLE runs (
        run_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        state_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        last_access_ms INTEGER NOT NULL
      )`);
      db.exec("CREATE INDEX runs_status_access ON runs (status, last_access_ms)");
    },
  },
  {
    id: 2,
    name: "run answer leases",
    up: (db) => {
      // version: bumped by every answer, so a write from a stale read is refused (compare-and-set).
      db.exec("ALTER TABLE runs ADD COLUMN version INTEGER NOT NULL DEFAULT 0");
      // The call answering the run right now, and when its claim lapses if that process died.
      db.exec("ALTER TABLE runs ADD COLUMN lease_owner TEXT");
      db.exec("ALTER TABLE runs ADD COLUMN lease_expires_ms INTEGER");
      // The routing token of the action answered last, to tell a late second answer from a wrong one.
      db.exec("ALTER TABLE runs ADD COLUMN answered_token TEXT");
    },
  },
];

export interface StoredRun {
  state: RunState;
  lastAccessMs: number;
  version: number;
  answeredToken: string | null;
}

/** What taking a run's answer lease found. */
export type LeaseOutcome =
  | { kind: "leased"; run: StoredRun }
  | { kind: "busy"; expiresMs: number }
  | { kind: "unknown" };

interface RunRow {
  state_json: string;
  last_access_ms: number;
  version: number;
  answered_token: string | null;
  lease_expires_ms: number | null;
}

export class RunStore {
  private readonly db: Db;

  constructor(path: string) {
    this.db = openDatabase(path);
    migrate(this.db, MIGRATIONS);
  }

  private row(runId: string): RunRow | undefined {
    return this.db
      .prepare(
        "SELECT state_json, last_access_ms, version, answered_token, lease_expires_ms FROM runs WHERE run_id = ?",
      )
      .get(runId) as RunRow | undefined;
  }

  /** The run, or null when unknown; a row the schema rejects is reported, never half-loaded. */
  get(runId: string): StoredRun | null {
    const row = this.row(runId);
    return row ? toStored(runId, row) : null;
  }

  insert(state: RunState, nowMs: number): void {
    this.db
      .prepare(
        `INSERT INTO runs (run_id, status, state_json, created_at, updated_at, last_access_ms)
         VALUES (@run_id, @status, @state_json, @created_at, @updated_at, @last_access_ms)`,
      )
      .run({
        run_id: state.run_id,
        status: state.status,
        state_json: JSON.stringify(state),
        created_at: state.created_at,
        updated_at: state.updated_at,
        last_access_ms: nowMs,
      });
  }

  /**
   * Claims the right to answer the run until `nowMs + ttlMs`, unless another call holds a claim that has
   * not lapsed. IMMEDIATE takes the write lock before reading, so two processes cannot both see it free.
   */
  lease(runId: string, owner: string, nowMs: number, ttlMs: number): LeaseOutcome {
    return this.db
      .transaction((): LeaseOutcome => {
        const row = this.row(runId);
        if (!row) return { kind: "unknown" };
        if (row.lease_expires_ms !== null && row.lease_expires_ms > nowMs) {
          return { kind: "busy", expiresMs: row.lease_expires_ms };
        }
        this.db
          .prepare("UPDATE runs SET lease_owner = ?, lease_expires_ms = ? WHERE run_id = ?")
          .run(owner, nowMs + ttlMs, runId);
        return { kind: "leased", run: toStored(runId, row) };
      })
      .immediate();
  }

  /**
   * Saves the state an answer produced and frees the lease, only when the run is still at the version that
   * was read and still leased to `owner`. False means another call answered first: nothing was written.
   */
  commit(
    state: RunState,
    claim: { owner: string; version: number; answeredToken: string | null; nowMs: number },
  ): boolean {
    const info = this.db
      .prepare(
        `UPDATE runs SET status = @status, state_json = @state_json, updated_at = @updated_at,
           last_access_ms = @now_ms, version = version + 1, answered_token = @answered_token,
           lease_owner = NULL, lease_expires_ms = NULL
         WHERE run_id = @run_id AND version = @version AND lease_owner = @owner`,
      )
      .run({
        run_id: state.run_id,
        status: state.status,
        state_json: JSON.stringify(state),
        updated_at: state.updated_at,
        now_ms: claim.nowMs,
        answered_token: claim.answeredToken,
        version: claim.version,
        owner: claim.owner,
      });
    return info.changes === 1;
  }

  /** Gives the lease back without writing, when an answer was refused before it was applied. */
  release(runId: string, owner: string): void {
    this.db
      .prepare(
        "UPDATE runs SET lease_owner = NULL, lease_expires_ms = NULL WHERE run_id = ? AND lease_owner = ?",
      )
      .run(runId, owner);
  }

  /** Runs in progress that were touched at or after `sinceMs`. */
  countActive(sinceMs: number): number {
    const row = this.db
      .prepare("SELECT COUNT(*) AS n FROM runs WHERE status = 'running' AND last_access_ms >= ?")
      .get(sinceMs) as { n: number };
    return row.n;
  }

  countByStatus(): Record<string, number> {
    const rows = this.db.prepare("SELECT status, COUNT(*) AS n FROM runs GROUP BY status").all() as {
      status: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  /** Drops finished runs older than `beforeMs`, then the least recently used beyond `keep`; returns their ids. */
  evictFinished(beforeMs: number, keep: number): string[] {
    const tx = this.db.transaction(() => {
      const old = this.db
        .prepare("SELECT run_id FROM runs WHERE status != 'running' AND last_access_ms < ?")
        .all(beforeMs) as { run_id: string }[];
      const extra = this.db
        .prepare(
          `SELECT run_id FROM runs WHERE status != 'running' AND last_access_ms >= ?
             ORDER BY last_access_ms DESC, run_id LIMIT -1 OFFSET ?`,
        )
        .all(beforeMs, keep) as { run_id: string }[];
      const ids = [...old, ...extra].map((r) => r.run_id);
      const del = this.db.prepare("DELETE FROM runs WHERE run_id = ?");
      for (const id of ids) del.run(id);
      return ids;
    });
    return tx();
  }

  ping(): boolean {
    return (this.db.prepare("SELECT 1 AS ok").get() as { ok: number }).ok === 1;
  }

  close(): void {
    this.db.close();
  }
}

function toStored(runId: string, row: RunRow): StoredRun {
  const parsed = runStateSchema.safeParse(JSON.parse(row.state_json));
  if (!parsed.success)
    throw new InternalError(`stored run ${runId} does not match the state schema: ${parsed.error.message}`);
  return {
    state: parsed.data,
    lastAccessMs: row.last_access_ms,
    version: row.version,
    answeredToken: row.answered_token,
  };
}
