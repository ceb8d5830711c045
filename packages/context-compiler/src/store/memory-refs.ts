// The small integer naming each remembered compile and note, and the full-text index keyed by it. The
// index keeps no copy of the text it was given (contentless), only what BM25 needs to score it.
import type { Db } from "@archon/core";
import { statement } from "./statements.js";

/** The ref's id, added when new. */
export function refId(db: Db, ref: string): number {
  statement(db, "INSERT OR IGNORE INTO memory_refs (ref) VALUES (?)").run(ref);
  return statement(db, "SELECT ref_id FROM memory_refs WHERE ref = ?").pluck().get(ref) as number;
}

/** Indexes `body` for recall's text score under the ref's id. */
export function addTextRow(db: Db, id: number, body: string): void {
  statement(db, "INSERT INTO memory_fts (rowid, body) VALUES (?, ?)").run(id, body);
}

/** Forgets refs (compile and note ids) and their full-text rows. */
export function deleteRefs(db: Db, refs: readonly string[]): void {
  const id = db.prepare("SELECT ref_id FROM memory_refs WHERE ref = ?").pluck();
  const dropText = db.prepare("DELETE FROM memory_fts WHERE rowid = ?");
  const dropRef = db.prepare("DELETE FROM memory_refs WHERE ref_id = ?");
  for (const ref of refs) {
    const found = id.get(ref) as number | undefined;
    if (found === undefined) continue;
    dropText.run(found);
    dropRef.run(found);
  }
}
