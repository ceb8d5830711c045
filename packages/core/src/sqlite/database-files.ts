// Which files belong to SQLite. On POSIX, closing any descriptor of a file drops every lock the process
// holds on it, SQLite's own included, and a write lock lost mid-commit corrupts the database. So nothing
// but SQLite may open a database file: the guards that read and write project files ask here first.
import { statSync } from "node:fs";

/** SQLite's usual names: a database and the journal, WAL and shared-memory files beside it. */
const DATABASE_NAME = /\.(db|sqlite|sqlite3|db3)(-journal|-wal|-shm)?$/i;

/** The connections this process opened, by their file's device and inode, whatever its name. */
const opened = new Map<string, { readonly open: boolean }[]>();

const identity = (path: string): string | undefined => {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.dev}:${stat.ino}` : undefined;
};

/** Called by openDatabase: while the connection is open, its file is known as a database under any name. */
export function rememberDatabaseFile(path: string, connection: { readonly open: boolean }): void {
  // A closed connection's inode may be reused by any new file: it no longer counts.
  for (const [known, connections] of opened) {
    const live = connections.filter((c) => c.open);
    if (live.length > 0) opened.set(known, live);
    else opened.delete(known);
  }
  const id = identity(path);
  if (id !== undefined) opened.set(id, [...(opened.get(id) ?? []), connection]);
}

/** True for a file named as SQLite names its files, or one an open connection of this process uses. */
export function isDatabaseFile(path: string): boolean {
  if (DATABASE_NAME.test(path)) return true;
  const id = opened.size > 0 ? identity(path) : undefined;
  return id !== undefined && (opened.get(id) ?? []).some((c) => c.open);
}
