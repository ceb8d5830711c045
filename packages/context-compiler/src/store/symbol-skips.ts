// The indexed files that carry no symbols, with why: too large, unreadable or timed out in the parser.
import type { Db } from "@archon/core";
import type { FileStatus } from "./symbols.js";

/** Every stored file whose status is not `indexed`, by path. */
export function unparsedFiles(db: Db): { path: string; status: Exclude<FileStatus, "indexed"> }[] {
  return db
    .prepare("SELECT path, status FROM symbol_files WHERE status <> 'indexed' ORDER BY path")
    .all() as { path: string; status: Exclude<FileStatus, "indexed"> }[];
}
