// Where the Postgres dialect's tables live: a schema of the team's choosing (tests use one per test), its
// qualified table names, and the advisory lock key that serialises writes to it.
import { sha256, UserError } from "@archon/core";

export interface PostgresPlace {
  /** The schema, quoted; undefined for the connection's search_path. */
  schema: string | undefined;
  /** `"schema".table`, or `table` when no schema was given. */
  table(name: string): string;
  /** The two int4 keys of pg_advisory_xact_lock: archon's, and one for this schema. */
  lockKey: readonly [number, number];
}

// "ARCH" in ASCII: the first key keeps archon's locks apart from other applications' on the same server.
const LOCK_NAMESPACE = 0x41524348;

export function postgresPlace(schema: string | undefined): PostgresPlace {
  if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new UserError(
      `"${schema}" cannot name the schema of the team store.`,
      "Use letters, digits and underscores (at most 63), starting with a letter or an underscore.",
    );
  }
  const quoted = schema === undefined ? undefined : `"${schema}"`;
  // Two teams in two schemas of one database must not wait on each other's writes: the second key is the
  // schema's. A collision of these 32 bits only makes two schemas share a lock, never breaks one.
  const schemaKey = schema === undefined ? 0 : Number.parseInt(sha256(schema).slice(0, 8), 16) | 0;
  return {
    schema: quoted,
    table: (name) => (quoted ? `${quoted}.${name}` : name),
    lockKey: [LOCK_NAMESPACE, schemaKey],
  };
}
