// Many small reads under one read transaction. Outside a transaction every statement takes SQLite's
// shared lock, looks for a hot journal and rereads the file's header on its own: about 20 µs a statement
// on this project's DELETE-journal files, more than the read itself. A compile reading a hundred
// documents' content pays that once instead.
import type { Db } from "@archon/core";

/** Runs `read` in one deferred transaction (a savepoint-free pass-through when one is already open). */
export function inOneRead<T>(db: Db, read: () => T): T {
  return db.inTransaction ? read() : db.transaction(read)();
}
