// Opens the team store a URL names: PostgreSQL through `pg`, PGlite in this process, or a SQLite file.
import { resolve } from "node:path";
import { UserError } from "@archon/core";
import { PGlite } from "@electric-sql/pglite";
import { serverName } from "./connection-errors.js";
import { pgPoolClient } from "./pg-client.js";
import { pgliteClient } from "./pglite-client.js";
import { openPostgresTeamRepository } from "./postgres-repository.js";
import { openSqliteTeamRepository } from "./sqlite-repository.js";
import type { TeamRepository } from "./team-repository.js";

export interface TeamRepositoryOptions {
  /** Postgres only: the schema holding every table, created when missing. */
  schema?: string;
}

const ACCEPTED =
  "Use postgres://user:password@host:5432/database (or postgresql://), pglite:memory, pglite:<folder>, or sqlite:<file>.";

/**
 * `postgres://…`/`postgresql://…` → a `pg` pool; `pglite:memory` → a new in-memory PGlite, `pglite:<folder>`
 * → PGlite on that folder; `sqlite:<path>` → a SQLite file of its own. Fails with a UserError for any other
 * form, and for a server it cannot reach or log in to (naming the host, never the password).
 */
export async function openTeamRepository(
  url: string,
  options: TeamRepositoryOptions = {},
): Promise<TeamRepository> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const rest = scheme === undefined ? "" : url.slice(scheme.length + 1);
  switch (scheme) {
    case "postgres":
    case "postgresql":
      return openServer(url, options.schema);
    case "pglite":
      return openPglite(rest, options.schema);
    case "sqlite":
      if (rest === "" || rest === ":memory:") {
        throw new UserError(
          "sqlite: needs the path of a file: the team store is shared between connections.",
          "Give a file, e.g. sqlite:.archon/team.db, or use pglite:memory for a store that lives in memory.",
        );
      }
      return openSqliteTeamRepository(resolve(rest));
    default:
      throw new UserError(
        scheme === undefined
          ? "The team store address has no scheme."
          : `"${scheme}:" is not a team store address.`,
        ACCEPTED,
      );
  }
}

/** The team store on a PGlite instance the caller opened and keeps (closing the repository leaves it open). */
export function teamRepositoryOnPglite(
  db: PGlite,
  options: TeamRepositoryOptions = {},
): Promise<TeamRepository> {
  return openPostgresTeamRepository(pgliteClient(db, false), options.schema);
}

async function openServer(url: string, schema: string | undefined): Promise<TeamRepository> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserError("The PostgreSQL address is not a valid URL.", ACCEPTED);
  }
  const server = serverName(parsed);
  const client = pgPoolClient(url, server);
  try {
    return await openPostgresTeamRepository(client, schema);
  } catch (error) {
    await client.close().catch(() => {});
    if ((error as { code?: unknown }).code === "42501") {
      throw new UserError(
        `The user of ${server} may not create the team store's tables.`,
        "Grant it CREATE on the database (or on the schema), or create the tables once as a user who may.",
      );
    }
    throw error;
  }
}

async function openPglite(where: string, schema: string | undefined): Promise<TeamRepository> {
  if (where === "") throw new UserError("pglite: needs memory or a folder.", ACCEPTED);
  const folder = where === "memory" ? undefined : resolve(where);
  let db: PGlite;
  try {
    db = await PGlite.create(folder);
  } catch (error) {
    throw new UserError(
      `Cannot open PGlite on ${folder ?? "memory"}: ${(error as Error).message}.`,
      "Give pglite: a folder this process can write that is empty or holds a PGlite database, and that no other process has open.",
    );
  }
  const client = pgliteClient(db, true);
  try {
    return await openPostgresTeamRepository(client, schema);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}
