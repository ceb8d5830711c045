// Document vectors in SQLite: float32 blobs keyed by content hash and model, compared with sqlite-vec's
// vec_distance_cosine (the extension is loaded into a connection the first time it is needed), and the
// lexical stand-in: an FTS5 table over approved documents in the connection's temp schema.
import { createRequire } from "node:module";
import type { Db } from "@archon/core";
import { ftsQuery } from "./memory-search.js";

const withVec = new WeakSet<Db>();
const require = createRequire(import.meta.url);

/** Loads sqlite-vec into this connection once. Throws when the extension cannot load. */
function vec(db: Db): Db {
  if (!withVec.has(db)) {
    // Required here, not imported at the top: a server starts without the extension's loader.
    (require("sqlite-vec") as typeof import("sqlite-vec")).load(db);
    withVec.add(db);
  }
  return db;
}

const toBlob = (vector: readonly number[]) => Buffer.from(new Float32Array(vector).buffer);

export interface EmbeddingTarget {
  doc_id: string;
  content_hash: string;
  text: string;
}

/** Approved documents whose current content has no vector for `model` yet, by doc_id. */
export function documentsToEmbed(db: Db, model: string): EmbeddingTarget[] {
  return db
    .prepare(
      `SELECT d.doc_id, d.content_hash, d.title || char(10) || COALESCE(d.description, '') || char(10) || b.content AS text
       FROM documents d JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE d.status = 'approved'
         AND NOT EXISTS (SELECT 1 FROM doc_embeddings e WHERE e.content_hash = d.content_hash AND e.model = ?)
       ORDER BY d.doc_id`,
    )
    .all(model) as EmbeddingTarget[];
}

export const countApprovedForEmbedding = (db: Db): number =>
  db.prepare("SELECT COUNT(*) FROM documents WHERE status = 'approved'").pluck().get() as number;

export function storeEmbedding(
  db: Db,
  contentHash: string,
  model: string,
  vector: readonly number[],
  at: string,
): void {
  db.prepare(
    `INSERT OR REPLACE INTO doc_embeddings (content_hash, model, dimensions, vector, embedded_at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(contentHash, model, vector.length, toBlob(vector), at);
}

/** The dimension the stored vectors of `model` have (the most common one), or undefined with none stored. */
export function storedDimensions(db: Db, model: string): number | undefined {
  return db
    .prepare(
      "SELECT dimensions FROM doc_embeddings WHERE model = ? GROUP BY dimensions ORDER BY COUNT(*) DESC, dimensions LIMIT 1",
    )
    .pluck()
    .get(model) as number | undefined;
}

/** Approved documents by cosine similarity to `vector` (1 is the same direction), best first, then doc_id. */
export function nearestDocuments(
  db: Db,
  model: string,
  vector: readonly number[],
  exclude: readonly string[],
  limit: number,
): { doc_id: string; similarity: number }[] {
  return vec(db)
    .prepare(
      `SELECT d.doc_id, 1 - vec_distance_cosine(e.vector, @q) AS similarity
       FROM documents d JOIN doc_embeddings e ON e.content_hash = d.content_hash AND e.model = @model
       WHERE d.status = 'approved' AND d.kind != 'template' AND e.dimensions = @dims
         AND d.doc_id NOT IN (SELECT value FROM json_each(@exclude))
       ORDER BY similarity DESC, d.doc_id LIMIT @limit`,
    )
    .all({
      q: toBlob(vector),
      model,
      dims: vector.length,
      exclude: JSON.stringify(exclude),
      limit,
    }) as { doc_id: string; similarity: number }[];
}

/** The knowledge version the temp FTS table of a connection was built at. */
const lexicalBuiltAt = new WeakMap<Db, number>();

/**
 * Approved documents by FTS5 BM25 against `text` (higher is better), built in the connection's temp schema
 * so the database file is never written, and rebuilt when the knowledge version moved.
 */
export function lexicalMatches(
  db: Db,
  text: string,
  version: number,
  exclude: readonly string[],
  limit: number,
): { doc_id: string; score: number }[] {
  const query = ftsQuery(text);
  if (!query) return [];
  if (lexicalBuiltAt.get(db) !== version) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.doc_fts USING fts5(doc_id UNINDEXED, body, tokenize = 'porter unicode61');
      DELETE FROM temp.doc_fts;`);
    db.prepare(
      `INSERT INTO temp.doc_fts (doc_id, body)
       SELECT d.doc_id, d.title || char(10) || COALESCE(d.description, '') || char(10) || b.content
       FROM documents d JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE d.status = 'approved' AND d.kind != 'template' ORDER BY d.doc_id`,
    ).run();
    lexicalBuiltAt.set(db, version);
  }
  return db
    .prepare(
      `SELECT doc_id, -bm25(doc_fts) AS score FROM temp.doc_fts WHERE doc_fts MATCH @q
         AND doc_id NOT IN (SELECT value FROM json_each(@exclude))
       ORDER BY score DESC, doc_id LIMIT @limit`,
    )
    .all({ q: query, exclude: JSON.stringify(exclude), limit }) as { doc_id: string; score: number }[];
}

/** Titles and source paths of documents, by doc_id, for the suggestions section. */
export function documentLabels(
  db: Db,
  docIds: readonly string[],
): Map<string, { title: string; source_path: string | null }> {
  const select = db.prepare("SELECT title, source_path FROM documents WHERE doc_id = ?");
  return new Map(
    docIds.flatMap((id) => {
      const row = select.get(id) as { title: string; source_path: string | null } | undefined;
      return row ? [[id, row] as const] : [];
    }),
  );
}

/** How many vectors are stored, every model together. */
export const countEmbeddings = (db: Db): number =>
  db.prepare("SELECT COUNT(*) FROM doc_embeddings").pluck().get() as number;

/**
 * Pairs of approved documents whose vectors point the same way (cosine similarity at least `min`), under
 * the model with the most stored vectors; each pair once (`a` < `b`), best first. Empty with no vectors.
 */
export function similarDocumentPairs(db: Db, min: number): { a: string; b: string; similarity: number }[] {
  const model = db
    .prepare("SELECT model FROM doc_embeddings GROUP BY model ORDER BY COUNT(*) DESC, model LIMIT 1")
    .pluck()
    .get() as string | undefined;
  if (model === undefined) return [];
  return vec(db)
    .prepare(
      `WITH v AS (
         SELECT d.doc_id, e.vector, e.dimensions FROM documents d
         JOIN doc_embeddings e ON e.content_hash = d.content_hash AND e.model = @model
         WHERE d.status = 'approved' AND d.kind != 'template')
       SELECT a.doc_id AS a, b.doc_id AS b, 1 - vec_distance_cosine(a.vector, b.vector) AS similarity
       FROM v a JOIN v b ON a.doc_id < b.doc_id AND a.dimensions = b.dimensions
       WHERE 1 - vec_distance_cosine(a.vector, b.vector) >= @min
       ORDER BY similarity DESC, a.doc_id, b.doc_id`,
    )
    .all({ model, min }) as { a: string; b: string; similarity: number }[];
}
