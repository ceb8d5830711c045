// The little of a Postgres connection the Postgres dialect uses, so the same SQL runs over a `pg` pool
// (a real server) and over PGlite (Postgres in WebAssembly, in this process).

export interface SqlRunner {
  /** One statement with $1, $2, ... parameters; the rows as the driver returns them. */
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Several statements without parameters (schema migrations). */
  exec(text: string): Promise<void>;
}

export interface PostgresClient extends SqlRunner {
  /** Runs `fn` on one connection between BEGIN and COMMIT; ROLLBACK when it throws. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
