// Documents and their content: content lives once per hash in content_blobs.
import { type Db, sha256 } from "@archon/core";
import type { DocKind, DocStatus } from "./schema.js";

export interface DocumentInput {
  doc_id: string;
  title: string;
  kind: DocKind;
  content: string;
  status: DocStatus;
  source_path: string | null;
  priority: number;
  /** What a plan is matched against to reach the document; undefined keeps the stored one. */
  description?: string | null;
}

export interface DocumentRow extends Omit<DocumentInput, "content" | "description"> {
  description: string | null;
  content: string;
  content_hash: string;
  content_bytes: number;
  created_version: number;
  updated_version: number;
}

export function storeContent(db: Db, content: string): { content_hash: string; content_bytes: number } {
  const content_hash = sha256(content);
  db.prepare("INSERT OR IGNORE INTO content_blobs (content_hash, content) VALUES (?, ?)").run(
    content_hash,
    content,
  );
  return { content_hash, content_bytes: Buffer.byteLength(content, "utf8") };
}

export function readContent(db: Db, contentHash: string): string | undefined {
  const row = db.prepare("SELECT content FROM content_blobs WHERE content_hash = ?").get(contentHash) as
    | { content: string }
    | undefined;
  return row?.content;
}

/** Inserts or overwrites a document; returns whether anything about it changed. */
export function upsertDocument(db: Db, doc: DocumentInput, version: number): boolean {
  const { content_hash, content_bytes } = storeContent(db, doc.content);
  const before = getDocument(db, doc.doc_id);
  const description = doc.description === undefined ? (before?.description ?? null) : doc.description;
  if (
    before &&
    before.title === doc.title &&
    before.kind === doc.kind &&
    before.content_hash === content_hash &&
    before.status === doc.status &&
    before.source_path === doc.source_path &&
    before.priority === doc.priority &&
    before.description === description
  ) {
    return false;
  }
  db.prepare(
    `INSERT INTO documents (doc_id, title, kind, content_hash, content_bytes, status, source_path, priority,
       description, created_version, updated_version)
     VALUES (@doc_id, @title, @kind, @content_hash, @content_bytes, @status, @source_path, @priority,
       @description, @version, @version)
     ON CONFLICT (doc_id) DO UPDATE SET title = excluded.title, kind = excluded.kind,
       content_hash = excluded.content_hash, content_bytes = excluded.content_bytes, status = excluded.status,
       source_path = excluded.source_path, priority = excluded.priority, description = excluded.description,
       updated_version = excluded.updated_version`,
  ).run({ ...doc, description, content_hash, content_bytes, version });
  return true;
}

export function getDocument(db: Db, docId: string): DocumentRow | undefined {
  return db
    .prepare(
      `SELECT d.doc_id, d.title, d.kind, b.content, d.content_hash, d.content_bytes, d.status, d.source_path,
         d.priority, d.description, d.created_version, d.updated_version
       FROM documents d JOIN content_blobs b ON b.content_hash = d.content_hash WHERE d.doc_id = ?`,
    )
    .get(docId) as DocumentRow | undefined;
}

export interface DocumentText {
  doc_id: string;
  title: string;
  kind: DocKind;
  content: string;
}

/** Approved documents with their text, by doc_id; `standing` keeps only standing rules (captured decisions). */
export function approvedDocumentTexts(db: Db, only?: "standing"): DocumentText[] {
  return db
    .prepare(
      `SELECT d.doc_id, d.title, d.kind, b.content FROM documents d
       JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE d.status = 'approved' AND (? IS NULL OR d.origin = ?) ORDER BY d.doc_id`,
    )
    .all(only ?? null, only ?? null) as DocumentText[];
}
