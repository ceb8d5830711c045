// Why the knowledge database cannot be opened, or cannot keep a write right now, as the errors that say so
// and what to do.
import { accessSync, constants, statSync } from "node:fs";
import { dirname } from "node:path";
import { UserError } from "@archon/core";
import { damageFromSqlite } from "./database-damage.js";

export type DatabaseProblem = "removed" | "replaced" | "read_only_file" | "read_only_folder" | "disk_full";

/**
 * What stands between a write and the file at `path`, seen from the file system: the file gone or swapped
 * for something the server could not open (it still holds the old one, `openedInode`, open), or a mode
 * that refuses this process. Cheap enough to ask before every write: a stat and two access checks.
 */
export function findDatabaseProblem(path: string, openedInode?: number): DatabaseProblem | undefined {
  if (path === ":memory:") return undefined;
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    return "removed";
  }
  if (!stats.isFile() || (openedInode !== undefined && stats.ino !== openedInode)) return "replaced";
  if (!canWrite(path)) return "read_only_file";
  // DELETE journal mode writes a journal file next to the database on every commit.
  if (!canWrite(dirname(path))) return "read_only_folder";
  return undefined;
}

/** The problem as a person or an agent should read it; `path` is the database file. */
export function databaseProblemError(problem: DatabaseProblem, path: string): UserError {
  const folder = dirname(path);
  switch (problem) {
    case "removed":
      return new UserError(
        `The knowledge database ${path} was removed while the server was running: the server still reads the copy it has open, but nothing written now would be kept.`,
        "Restore the file (from git or a backup) and try again; restarting the server instead starts an empty database.",
      );
    case "replaced":
      return new UserError(
        `The knowledge database ${path} was replaced by something that is not a database archon can open: the server still reads the copy it has open, but nothing written now would be kept.`,
        `Put the database file back at ${path}, or restart the server with --db naming one.`,
      );
    case "read_only_file":
      return new UserError(
        `The knowledge database ${path} is read-only, so nothing can be written to it.`,
        `Make it writable (chmod u+w ${path}) and try again; reading tools still work.`,
      );
    case "read_only_folder":
      return new UserError(
        `The folder ${folder} holding the knowledge database is read-only, so SQLite cannot create its journal there and nothing can be written.`,
        `Make the folder writable (chmod u+w ${folder}) and try again; reading tools still work.`,
      );
    case "disk_full":
      return new UserError(
        `The disk holding the knowledge database ${path} is full, so nothing can be written.`,
        "Free some space and try again.",
      );
  }
}

/**
 * A write SQLite refused because of where the database lives, or a read or write that met a damaged file,
 * as that clear error; undefined for anything else, which stays a bug. The file system is asked first for
 * the precise reason: SQLite's own code says "read-only" for a removed file too.
 */
export function databaseWriteError(
  error: unknown,
  path: string,
  openedInode?: number,
): UserError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return undefined;
  const damage = damageFromSqlite(error, path);
  if (damage) return damage;
  const byCode: DatabaseProblem | undefined =
    code === "SQLITE_READONLY_DBMOVED"
      ? "removed"
      : code === "SQLITE_READONLY_DIRECTORY" || code === "SQLITE_CANTOPEN"
        ? "read_only_folder"
        : code.startsWith("SQLITE_READONLY")
          ? "read_only_file"
          : code === "SQLITE_FULL"
            ? "disk_full"
            : undefined;
  if (byCode === undefined) return undefined;
  return databaseProblemError(findDatabaseProblem(path, openedInode) ?? byCode, path);
}

/** A failure to open or create the database at `path` as a clear error; undefined when it looks like a bug. */
export function databaseOpenError(error: unknown, path: string): UserError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return undefined;
  if (code === "SQLITE_CANTOPEN" || FILE_SYSTEM_CODES.has(code)) {
    const reason = error instanceof Error ? error.message : code;
    return new UserError(
      `Cannot open or create the knowledge database ${path} (${reason}).`,
      "Pass --db a path in a folder that exists or can be created and that you can write, or leave --db out for .archon/archon.db in the project.",
    );
  }
  return databaseWriteError(error, path);
}

/** What creating the folders or opening the file can fail with when the path itself is the problem. */
const FILE_SYSTEM_CODES = new Set([
  "ENOENT",
  "ENOTDIR",
  "EACCES",
  "EPERM",
  "EROFS",
  "EEXIST",
  "EISDIR",
  "ENAMETOOLONG",
]);

const canWrite = (path: string) => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};
