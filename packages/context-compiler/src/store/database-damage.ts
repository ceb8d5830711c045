// A knowledge database file that is damaged (cut short, overwritten, a corrupt page), as the error that
// says so, where the last good copy of the knowledge is, and how to rebuild.
import { statSync } from "node:fs";
import { type Db, UserError } from "@archon/core";

/** Marks the damage: a server still starts on it and answers every tool call with this error. */
export class DamagedDatabaseError extends UserError {}

/**
 * A file shorter than the pages its header counts, as SQLite reports them on its own connection; undefined
 * when it is whole. SQLite fails a file cut by whole pages at its first read, but a part of the last page
 * missing reads as zeros: this catches it before anything is written. Never read by opening the file
 * itself (database-files.ts in core says why).
 */
export function truncation(db: Db, path: string): string | undefined {
  if (path === ":memory:") return undefined;
  if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) === 0) return undefined;
  // In one read, so that no commit of another process can grow or shrink the file between the two looks.
  const { size, pages, pageSize } = db.transaction(() => ({
    pages: db.pragma("page_count", { simple: true }) as number,
    pageSize: db.pragma("page_size", { simple: true }) as number,
    size: statSync(path).size,
  }))();
  return size < pages * pageSize
    ? `the file is cut short: ${size} bytes where its header says ${pages * pageSize}`
    : undefined;
}

/** A SQLite error that means the file's content is damaged, as that error; undefined for anything else. */
export function damageFromSqlite(error: unknown, path: string): DamagedDatabaseError | undefined {
  const reason = sqliteDamage(error);
  return reason === undefined ? undefined : damagedDatabaseError(path, reason);
}

/** What SQLite said about a damaged file, in words; undefined when the error is not about damage. */
export function sqliteDamage(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "SQLITE_CORRUPT" && code !== "SQLITE_NOTADB") return undefined;
  const said = error instanceof Error ? error.message : String(code);
  return code === "SQLITE_NOTADB"
    ? `SQLite says "${said}": it is not a SQLite database, or its header was overwritten`
    : `SQLite says "${said}"`;
}

/** The one explanation every surface gives for a damaged database at `path`. */
export function damagedDatabaseError(path: string, reason: string): DamagedDatabaseError {
  return new DamagedDatabaseError(
    `The knowledge database ${path} is damaged (${reason}), so archon cannot use it. The approved knowledge also lives in what the project committed: archon.seed.yaml, .archon/rules.md and .archon/rules/*.md, plus any backup written by \`archon export\`.`,
    "Stop the agents using this project, then run `archon doctor --repair` in it: it first copies the damaged file aside, then builds a fresh database from the committed seed file and rules. Compile audit, memory, observations and proposals lived only in the damaged file and stay in that copy. If it is not this project's database, pass --db the path of one.",
  );
}
