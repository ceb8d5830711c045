// Prepared statements kept per connection: preparing the same SQL for each of ten thousand rows cost more
// than running it. Only for statements a store module runs in one mode (never toggled pluck/raw).
import type { Db } from "@archon/core";
import type { Statement } from "better-sqlite3";

const prepared = new WeakMap<Db, Map<string, Statement>>();

/** `db.prepare(sql)`, prepared once per connection. */
export function statement(db: Db, sql: string): Statement {
  let bySql = prepared.get(db);
  if (!bySql) {
    bySql = new Map();
    prepared.set(db, bySql);
  }
  let stmt = bySql.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    bySql.set(sql, stmt);
  }
  return stmt;
}
