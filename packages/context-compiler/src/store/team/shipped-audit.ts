// Compile audit records replicas shipped to their team server for team-wide eval: the portable record
// (nothing naming a machine, no interned term ids) and the table keeping them by compile_id with the
// person who pushed them, in a direct server's database and in a SQLite team store alike.
import type { Db } from "@archon/core";
import type { LoggedCompile } from "../audit-reads.js";
import { statement } from "../statements.js";

/** What team-wide eval needs of one compile, meaning the same on every machine. */
export interface PortableAudit extends LoggedCompile {
  knowledge_version: number;
  snapshot_id: string | null;
  /** The session of the compile when its run learned one. */
  session_id: string | null;
  /** The requested target files inside the project, repo-relative, sorted, distinct. */
  target_files: string[];
}

/** A stored record: who pushed it and when the server received it; `record` is its canonical JSON. */
export interface ShippedAuditRow {
  compile_id: string;
  person: string;
  created_at: string;
  received_at: string;
  record: string;
}

export interface ShippedCounts {
  stored: number;
  /** Records whose compile_id the server already held (a retry, or another replica's push): left as they were. */
  duplicates: number;
}

/** Stores each row unless its compile_id is held already; call inside a transaction. */
export function insertShippedAudit(db: Db, rows: readonly ShippedAuditRow[]): ShippedCounts {
  const insert = statement(
    db,
    `INSERT INTO shipped_audit (compile_id, person, created_at, received_at, record)
     VALUES (@compile_id, @person, @created_at, @received_at, @record) ON CONFLICT (compile_id) DO NOTHING`,
  );
  let stored = 0;
  for (const row of rows) stored += insert.run(row).changes;
  return { stored, duplicates: rows.length - stored };
}

/** Every shipped record, oldest first (ties by compile_id). */
export function listShippedAudit(db: Db): ShippedAuditRow[] {
  return statement(
    db,
    `SELECT compile_id, person, created_at, received_at, record FROM shipped_audit
     ORDER BY created_at, compile_id`,
  ).all() as ShippedAuditRow[];
}
