// Intent-tag mappings: outside the canonical DAG (no version bump, no approval).
import { type Db, hashCanonical } from "@archon/core";

/** Replaces the tags of one document. */
export function setDocTags(db: Db, docId: string, tags: readonly string[]): string[] {
  const unique = [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ""))].sort();
  db.transaction(() => {
    db.prepare("DELETE FROM tag_mappings WHERE doc_id = ?").run(docId);
    const insert = db.prepare("INSERT INTO tag_mappings (tag, doc_id) VALUES (?, ?)");
    for (const tag of unique) insert.run(tag, docId);
  })();
  return unique;
}

export function tagsOfDocument(db: Db, docId: string): string[] {
  return (
    db.prepare("SELECT tag FROM tag_mappings WHERE doc_id = ? ORDER BY tag").all(docId) as { tag: string }[]
  ).map((r) => r.tag);
}

export interface TagCatalog {
  tags: { tag: string; doc_count: number; doc_ids: string[] }[];
  tag_catalog_hash: string;
}

/** Tags that reach at least one approved document, with a hash worth caching on. */
export function tagCatalog(db: Db): TagCatalog {
  const rows = db
    .prepare(
      `SELECT t.tag, t.doc_id FROM tag_mappings t JOIN documents d ON d.doc_id = t.doc_id
       WHERE d.status = 'approved' ORDER BY t.tag, t.doc_id`,
    )
    .all() as { tag: string; doc_id: string }[];
  const byTag = new Map<string, string[]>();
  for (const { tag, doc_id } of rows) byTag.set(tag, [...(byTag.get(tag) ?? []), doc_id]);
  const tags = [...byTag].map(([tag, doc_ids]) => ({ tag, doc_count: doc_ids.length, doc_ids }));
  return { tags, tag_catalog_hash: hashCanonical(tags) };
}
