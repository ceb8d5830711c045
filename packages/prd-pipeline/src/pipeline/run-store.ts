// Persisted runs (SQLite): every step is saved, so a restarted server continues the same run.
import { type Db, type Migration, migrate, openDatabase } from "@archon/core";
import { type RunState, runStateSchema } from "./state.js";

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
];

export interface StoredRun {
  state: RunState;
  lastAccessMs: number;
}

export class RunStore {
  private readonly db: Db;

  constructor(path: string) {
    this.db = openDatabase(path);
    migrate(this.db, MIGRATIONS);
  }

  /** The run, or null when unknown; a row the schema rejects is reported, never half-loaded. */
  get(runId: string): StoredRun | null {
    const row = this.db.prepare("SELECT state_json, last_access_ms FROM runs WHERE run_id = ?").get(runId) as
      | { state_json: string; last_access_ms: number }
      | undefined;
    if (!row) return null;
    const parsed = runStateSchema.safeParse(JSON.parse(row.state_json));
    if (!parsed.success)
      throw new Error(`stored run ${runId} does not match the state schema: ${parsed.error.message}`);
    return { state: parsed.data, lastAccessMs: row.last_access_ms };
  }

  put(state: RunState, nowMs: number): void {
    this.db
      .prepare(
        `INSERT INTO runs (run_id, status, state_json, created_at, updated_at, last_access_ms)
         VALUES (@run_id, @status, @state_json, @created_at, @updated_at, @last_access_ms)
         ON CONFLICT (run_id) DO UPDATE SET status = excluded.status, state_json = excluded.state_json,
           updated_at = excluded.updated_at, last_access_ms = excluded.last_access_ms`,
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

  touch(runId: string, nowMs: number): void {
    this.db.prepare("UPDATE runs SET last_access_ms = ? WHERE run_id = ?").run(nowMs, runId);
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
