// Makes a table refuse new rows with a real SQLite trigger, so a test can break a write half-way without a mock.
import type { Db } from "@archon/core";

/** Every INSERT into `table` aborts with `message` until the trigger is dropped with the database. */
export function refuseInserts(db: Db, table: string, message: string): void {
  db.exec(
    `CREATE TRIGGER refuse_inserts_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, '${message}'); END;`,
  );
}
