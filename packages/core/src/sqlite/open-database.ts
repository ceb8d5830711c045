// Open a SQLite file the way every Archon database is opened.
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { rememberDatabaseFile } from "./database-files.js";

export type Db = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
  /** How long a writer waits for another process's lock before failing (ms). */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating the parent folder when needed) a database in plain DELETE journal mode:
 * one file, no -wal/-shm sidecars, safe to commit or copy. Foreign keys are enforced.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (path !== ":memory:" && !options.readonly) makeFolders(dirname(path));
  const db = new Database(path, {
    readonly: options.readonly ?? false,
    fileMustExist: options.readonly ?? false,
  });
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10_000}`);
  if (!options.readonly) db.pragma("journal_mode = DELETE");
  db.pragma("foreign_keys = ON");
  if (path !== ":memory:" && path !== "") rememberDatabaseFile(path, db);
  return db;
}

/**
 * `mkdir -p` one level at a time: Node's recursive mkdir never returns when a parent answers ENOENT for a
 * folder that cannot exist there (`/proc/x`), where this throws that error.
 */
function makeFolders(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeFolders(parent);
  mkdirSync(dir);
}
