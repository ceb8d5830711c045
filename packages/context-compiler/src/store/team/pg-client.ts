// The Postgres client over a `pg` pool: a real server, several connections; a lost or refused connection
// surfaces as a UserError that names the server.
import pg from "pg";
import { connectionError } from "./connection-errors.js";
import type { PostgresClient, SqlRunner } from "./postgres-client.js";

// Without a bound, a server that never answers (a dropped packet, a wrong IP) hangs every caller forever.
const CONNECT_TIMEOUT_MS = 10_000;

export function pgPoolClient(connectionString: string, server: string): PostgresClient {
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection dropped by the server is reported here; unhandled, it would end the process. The
  // next query opens a fresh one (or fails with the UserError below).
  pool.on("error", () => {});
  const translated = async <T>(op: () => Promise<T>): Promise<T> => {
    try {
      return await op();
    } catch (error) {
      throw connectionError(error, server) ?? error;
    }
  };
  const runner = (on: pg.Pool | pg.PoolClient): SqlRunner => ({
    query: <R>(text: string, params: readonly unknown[] = []) =>
      translated(async () => (await on.query(text, [...params])).rows as R[]),
    exec: (text) =>
      translated(async () => {
        await on.query(text);
      }),
  });
  return {
    ...runner(pool),
    transaction: async (fn) => {
      const connection = await translated(() => pool.connect());
      let broken = false;
      try {
        await runner(connection).exec("BEGIN");
        const result = await fn(runner(connection));
        await runner(connection).exec("COMMIT");
        return result;
      } catch (error) {
        try {
          await connection.query("ROLLBACK");
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        // A connection whose ROLLBACK failed may still be inside the transaction: never hand it out again.
        connection.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
