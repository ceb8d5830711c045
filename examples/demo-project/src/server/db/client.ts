import Database from "better-sqlite3";

const path = process.env.LEDGERLY_DB ?? "ledgerly.db";

export const db = new Database(path);
db.pragma("journal_mode = WAL");
db.pragma("foreign_keys = ON");

export type Db = typeof db;

/** Run fn in a transaction; better-sqlite3 rolls back if fn throws. */
export function inTransaction<T>(fn: () => T): T {
  return db.transaction(fn)();
}
