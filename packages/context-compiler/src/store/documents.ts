// Documents and their content: content lives once per hash in content_blobs. Every "is this document
// there?" question is asked here, one way each (see documentState).
import { type Db, sha256 } from "@archon/core";
import type { DocKind, DocStatus } from "../vocabulary/knowledge-model.js";
import { statement } from "./statements.js";

/** What compiles, edges and updates may reach (INV-1). */
const APPROVED = "status = 'approved'";
/** Approved or pending: a document that is there, which a new one must not collide with. */
const EXISTING = "status != 'deprecated'";

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
  statement(db, "INSERT OR IGNORE INTO content_blobs (content_hash, content) VALUES (?, ?)").run(
    content_hash,
    content,
  );
  return { content_hash, content_bytes: Buffer.byteLength(content, "utf8") };
}

export function readContent(db: Db, contentHash: string): string | undefined {
  const row = statement(db, "SELECT content FROM content_blobs WHERE content_hash = ?").get(contentHash) as
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
  statement(
    db,
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
  return statement(
    db,
    `SELECT d.doc_id, d.title, d.kind, b.content, d.content_hash, d.content_bytes, d.status, d.source_path,
       d.priority, d.description, d.created_version, d.updated_version
     FROM documents d JOIN content_blobs b ON b.content_hash = d.content_hash WHERE d.doc_id = ?`,
  ).get(docId) as DocumentRow | undefined;
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
       WHERE d.${APPROVED} AND (? IS NULL OR d.origin = ?) ORDER BY d.doc_id`,
    )
    .all(only ?? null, only ?? null) as DocumentText[];
}

export interface DocumentState {
  status: DocStatus;
  /** "standing" for a standing rule (a captured decision), null for an ordinary document. */
  origin: string | null;
}

/**
 * The one read behind every "is it there?" question about one document. A deprecated row keeps its id
 * (history, and new_doc revives it), so there are three questions, each with one answer below:
 * docIdInUse (any row), isExisting / documentExists (approved or pending) and isApproved (live).
 */
export function documentState(db: Db, docId: string): DocumentState | undefined {
  return statement(db, "SELECT status, origin FROM documents WHERE doc_id = ?").get(docId) as
    | DocumentState
    | undefined;
}

/** Whether any row holds `docId`, deprecated ones included: the id is known, so a new document cannot take it. */
export const docIdInUse = (db: Db, docId: string): boolean => documentState(db, docId) !== undefined;

/** Whether a document in this state is there: approved or pending, not deprecated (nor missing). */
export const isExisting = (state: DocumentState | undefined): boolean =>
  state !== undefined && state.status !== "deprecated";

/** Whether `docId` is approved or pending (not deprecated). */
export const documentExists = (db: Db, docId: string): boolean => isExisting(documentState(db, docId));

/** Whether a document in this state is live: approved, so compiles, edges and updates may reach it (INV-1). */
export const isApproved = (state: Pick<DocumentState, "status"> | undefined): boolean =>
  state?.status === "approved";

/** Every doc_id in the table, deprecated ones included. */
export const allDocIds = (db: Db): string[] =>
  db.prepare("SELECT doc_id FROM documents ORDER BY doc_id").pluck().all() as string[];

/** The approved documents' ids, sorted. */
export const approvedDocIds = (db: Db): string[] =>
  db.prepare(`SELECT doc_id FROM documents WHERE ${APPROVED} ORDER BY doc_id`).pluck().all() as string[];

/** How many documents are approved. */
export const countApprovedDocuments = (db: Db): number =>
  db.prepare(`SELECT COUNT(*) FROM documents WHERE ${APPROVED}`).pluck().get() as number;

/** The content_hash of an approved document; undefined when it is not approved. */
export const approvedContentHash = (db: Db, docId: string): string | undefined =>
  db.prepare(`SELECT content_hash FROM documents WHERE doc_id = ? AND ${APPROVED}`).pluck().get(docId) as
    | string
    | undefined;

/** Marks the document a standing rule (origin "standing") or an ordinary one (null). */
export function setDocumentOrigin(db: Db, docId: string, origin: string | null): void {
  statement(db, "UPDATE documents SET origin = ? WHERE doc_id = ?").run(origin, docId);
}

/** Retires a document at `version`; its row and content stay for history (INV-3). */
export function markDocumentDeprecated(db: Db, docId: string, version: number): void {
  db.prepare("UPDATE documents SET status = 'deprecated', updated_version = ? WHERE doc_id = ?").run(
    version,
    docId,
  );
}

export interface AnchoredDoc {
  doc_id: string;
  source_path: string;
  content_hash: string;
  content: string;
}

/** Approved documents that name a source_path, with their stored text, by doc_id. */
export function anchoredDocuments(db: Db): AnchoredDoc[] {
  return db
    .prepare(
      `SELECT d.doc_id, d.source_path, d.content_hash, b.content FROM documents d
       JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE d.${APPROVED} AND d.source_path IS NOT NULL ORDER BY d.doc_id`,
    )
    .all() as AnchoredDoc[];
}

/** Approved and pending documents that name a source_path, by doc_id. */
export function existingSourcedDocuments(
  db: Db,
): { doc_id: string; status: DocStatus; source_path: string }[] {
  return db
    .prepare(
      `SELECT doc_id, status, source_path FROM documents
       WHERE source_path IS NOT NULL AND ${EXISTING} ORDER BY doc_id`,
    )
    .all() as { doc_id: string; status: DocStatus; source_path: string }[];
}

export interface DocumentFacts {
  doc_id: string;
  status: DocStatus;
  content_bytes: number;
  origin: string | null;
  /** 1 when at least one intent tag maps to it. */
  tagged: number;
}

/** Every document, any status, with what doctor judges it by, by doc_id. */
export function documentFacts(db: Db): DocumentFacts[] {
  return db
    .prepare(
      `SELECT doc_id, status, content_bytes, origin,
         EXISTS (SELECT 1 FROM tag_mappings t WHERE t.doc_id = d.doc_id) AS tagged
       FROM documents d ORDER BY doc_id`,
    )
    .all() as DocumentFacts[];
}
