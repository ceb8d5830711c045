// The evidence database (SQLite): strategy executions and run quality scores, capped, pruned with their runs.
import { homedir } from "node:os";
import { join } from "node:path";
import { type Db, type Migration, migrate, openDatabase } from "@archon/core";
import type { StrategyStat } from "./select-strategy.js";

export const MAX_EXECUTION_ROWS = 20_000;
export const MAX_QUALITY_ROWS = 2_000;

export function defaultEvidencePath(): string {
  return join(homedir(), ".archon", "evidence.db");
}

const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: "evidence",
    up: (db) => {
      db.exec(`CREATE TABLE strategy_executions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL,
        strategy TEXT NOT NULL,
        section TEXT NOT NULL,
        characteristic TEXT NOT NULL,
        compliant INTEGER NOT NULL,
        confidence_gain REAL NOT NULL,
        recorded_at TEXT NOT NULL
      )`);
      db.exec("CREATE INDEX executions_run ON strategy_executions (run_id)");
      db.exec(`CREATE TABLE quality_scores (
        run_id TEXT PRIMARY KEY,
        prd_context TEXT NOT NULL,
        score REAL NOT NULL,
        sections_passed INTEGER NOT NULL,
        sections_total INTEGER NOT NULL,
        claims_evaluated INTEGER NOT NULL,
        failures INTEGER NOT NULL,
        recorded_at TEXT NOT NULL
      )`);
    },
  },
];

export interface ExecutionRow {
  run_id: string;
  strategy: string;
  section: string;
  characteristics: readonly string[];
  compliant: boolean;
  confidence_gain: number;
  recorded_at: string;
}

export interface QualityRow {
  run_id: string;
  prd_context: string;
  score: number;
  sections_passed: number;
  sections_total: number;
  claims_evaluated: number;
  failures: number;
  recorded_at: string;
}

export class EvidenceStore {
  private readonly db: Db;

  constructor(readonly path: string) {
    this.db = openDatabase(path);
    migrate(this.db, MIGRATIONS);
  }

  /** One row per characteristic, so the history can be read per (strategy, characteristic). */
  recordExecutions(rows: readonly ExecutionRow[]): void {
    const insert = this.db.prepare(
      `INSERT INTO strategy_executions (run_id, strategy, section, characteristic, compliant, confidence_gain, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const r of rows)
        for (const c of r.characteristics)
          insert.run(
            r.run_id,
            r.strategy,
            r.section,
            c,
            r.compliant ? 1 : 0,
            r.confidence_gain,
            r.recorded_at,
          );
      this.db
        .prepare(
          `DELETE FROM strategy_executions WHERE id IN
           (SELECT id FROM strategy_executions ORDER BY id DESC LIMIT -1 OFFSET ?)`,
        )
        .run(MAX_EXECUTION_ROWS);
    })();
  }

  recordQuality(row: QualityRow): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT OR REPLACE INTO quality_scores VALUES
           (@run_id, @prd_context, @score, @sections_passed, @sections_total, @claims_evaluated, @failures, @recorded_at)`,
        )
        .run(row);
      this.db
        .prepare(
          `DELETE FROM quality_scores WHERE run_id IN
           (SELECT run_id FROM quality_scores ORDER BY recorded_at DESC, run_id DESC LIMIT -1 OFFSET ?)`,
        )
        .run(MAX_QUALITY_ROWS);
    })();
  }

  stats(strategy?: string): StrategyStat[] {
    return this.db
      .prepare(
        `SELECT strategy, characteristic, COUNT(*) AS executions, SUM(compliant) AS compliant,
                AVG(confidence_gain) AS mean_gain
         FROM strategy_executions WHERE (? IS NULL OR strategy = ?)
         GROUP BY strategy, characteristic ORDER BY strategy, characteristic`,
      )
      .all(strategy ?? null, strategy ?? null) as StrategyStat[];
  }

  quality(limit: number, context?: string): QualityRow[] {
    return this.db
      .prepare(
        `SELECT * FROM quality_scores WHERE (? IS NULL OR prd_context = ?)
         ORDER BY recorded_at DESC, run_id DESC LIMIT ?`,
      )
      .all(context ?? null, context ?? null, limit) as QualityRow[];
  }

  /**
   * Strategy evidence of runs that no longer exist goes with them. Quality scores stay (they are the
   * history `get_quality_history` reads, and are capped on their own).
   */
  pruneRuns(runIds: readonly string[]): number {
    let removed = 0;
    const del = this.db.prepare("DELETE FROM strategy_executions WHERE run_id = ?");
    this.db.transaction(() => {
      for (const id of runIds) removed += del.run(id).changes;
    })();
    return removed;
  }

  close(): void {
    this.db.close();
  }
}
