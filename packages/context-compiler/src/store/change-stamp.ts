// What a connection can learn about changes to its database without reading any table: SQLite's own
// counters. `data_version` moves when another connection (another process, or the audit writer's
// thread) committed since this connection last looked; `total_changes()` moves with this connection's
// own writes, which data_version never reports. Read through SQLite under its shared lock: a process must
// never open the database file itself, since closing any descriptor of a file drops every POSIX lock the
// process holds on it, SQLite's included.
import type { Db } from "@archon/core";
import { statement } from "./statements.js";

/** Equal for two reads on one connection only when nobody committed a change between them. */
export function readChangeStamp(db: Db): string {
  const row = statement(
    db,
    "SELECT (SELECT data_version FROM pragma_data_version) AS other, total_changes() AS own",
  ).get() as { other: number; own: number };
  return `${row.other}:${row.own}`;
}
