// Intent-tag mappings: outside the canonical DAG (no version bump, no approval), yet compiles depend on
// them, so every write moves tag_catalog_rev and every catalog a compile used stays readable by hash.
import type { Db } from "@archon/core";
import { canonicalTagCatalog, type TagAssignment } from "../read/tag-catalog.js";
import { statement } from "./statements.js";
import { bumpRevision } from "./version.js";

/** Replaces the tags of one document; writes nothing, and moves no counter, when they are unchanged. */
export function setDocTags(db: Db, docId: string, tags: readonly string[]): string[] {
  const unique = [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ""))].sort();
  db.transaction(() => {
    if (tagsOfDocument(db, docId).join("\n") === unique.join("\n")) return;
    statement(db, "DELETE FROM tag_mappings WHERE doc_id = ?").run(docId);
    const insert = statement(db, "INSERT INTO tag_mappings (tag, doc_id) VALUES (?, ?)");
    for (const tag of unique) insert.run(tag, docId);
    // Tells every process that the catalog moved, in the transaction that wrote tag_mappings.
    bumpRevision(db, "tag_catalog_rev");
  })();
  return unique;
}

export function tagsOfDocument(db: Db, docId: string): string[] {
  return (
    statement(db, "SELECT tag FROM tag_mappings WHERE doc_id = ? ORDER BY tag").all(docId) as {
      tag: string;
    }[]
  ).map((r) => r.tag);
}

/** The assignments a compile sees: those of approved documents (INV-1). */
export function approvedTagAssignments(db: Db): TagAssignment[] {
  return db
    .prepare(
      `SELECT t.tag, t.doc_id FROM tag_mappings t JOIN documents d ON d.doc_id = t.doc_id
       WHERE d.status = 'approved' ORDER BY t.tag, t.doc_id`,
    )
    .all() as TagAssignment[];
}

export interface TagCatalog {
  tags: { tag: string; doc_count: number; doc_ids: string[] }[];
  /** The hash compile_context reports for the same catalog. */
  tag_catalog_hash: string;
}

/** Tags that reach at least one approved document, with a hash worth caching on. */
export function tagCatalog(db: Db): TagCatalog {
  const rows = approvedTagAssignments(db);
  const byTag = new Map<string, string[]>();
  for (const { tag, doc_id } of rows) byTag.set(tag, [...(byTag.get(tag) ?? []), doc_id]);
  const tags = [...byTag].map(([tag, doc_ids]) => ({ tag, doc_count: doc_ids.length, doc_ids }));
  return { tags, tag_catalog_hash: canonicalTagCatalog(rows).hash };
}

/** Keeps a catalog a compile used, by its hash, so the compile can be replayed after tags move on. */
export function recordTagCatalog(db: Db, hash: string, bytes: string): void {
  statement(db, "INSERT OR IGNORE INTO tag_catalogs (tag_catalog_hash, assignments) VALUES (?, ?)").run(
    hash,
    bytes,
  );
}

export function readTagCatalog(db: Db, hash: string): TagAssignment[] | undefined {
  const row = db.prepare("SELECT assignments FROM tag_catalogs WHERE tag_catalog_hash = ?").get(hash) as
    | { assignments: string }
    | undefined;
  return row ? (JSON.parse(row.assignments) as TagAssignment[]) : undefined;
}
