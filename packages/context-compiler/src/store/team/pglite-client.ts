// The Postgres client over PGlite. PGlite is one connection that runs one transaction at a time and queues
// every other query behind it, so two repositories on one instance behave like two sessions.
import type { PGlite } from "@electric-sql/pglite";
import type { PostgresClient, SqlRunner } from "./postgres-client.js";

interface PgliteRunner {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(text: string): Promise<unknown>;
}

const runner = (db: PgliteRunner): SqlRunner => ({
  query: async <R>(text: string, params: readonly unknown[] = []) =>
    (await db.query<R>(text, [...params])).rows,
  exec: async (text) => {
    await db.exec(text);
  },
});

/** `owned`: close the instance with the client (it was opened for it); else the caller keeps it. */
export function pgliteClient(db: PGlite, owned: boolean): PostgresClient {
  return {
    ...runner(db),
    transaction: (fn) => db.transaction((tx) => fn(runner(tx))),
    close: async () => {
      if (owned) await db.close();
    },
  };
}
