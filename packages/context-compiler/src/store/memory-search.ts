// Episodic memory's lookups for recall: the FTS5 text match, one-hop imports between files,
// and which documents changed since a knowledge version.
import type { Db } from "@archon/core";

/** Free text as an FTS5 query: every word quoted (no operator injection), any of them may match. */
export function ftsQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const unique = [...new Set(words)];
  return unique.length > 0 ? unique.map((w) => `"${w}"`).join(" OR ") : undefined;
}

/** Refs whose plan, files or note text match, with FTS5's BM25 (lower is better, so negated here). */
export function textMatches(db: Db, text: string): Map<string, number> {
  const query = ftsQuery(text);
  if (!query) return new Map();
  const rows = db
    .prepare(
      `SELECT r.ref, m.score FROM (SELECT rowid, -bm25(memory_fts) AS score FROM memory_fts WHERE memory_fts MATCH ?) m
       JOIN memory_refs r ON r.ref_id = m.rowid ORDER BY r.ref`,
    )
    .all(query) as { ref: string; score: number }[];
  return new Map(rows.map((r) => [r.ref, r.score]));
}

/** Pairs "a\u0000b" of files one import apart, in either direction, among `files`; empty without a code index. */
export function importPairs(db: Db, files: readonly string[]): Set<string> {
  if (files.length === 0) return new Set();
  const rows = db
    .prepare(
      `SELECT DISTINCT path, resolved_path FROM symbol_imports
       WHERE resolved_path IS NOT NULL AND (path IN (SELECT value FROM json_each(@f))
         OR resolved_path IN (SELECT value FROM json_each(@f)))`,
    )
    .all({ f: JSON.stringify(files) }) as { path: string; resolved_path: string }[];
  return new Set(
    rows.flatMap((r) => [`${r.path}\u0000${r.resolved_path}`, `${r.resolved_path}\u0000${r.path}`]),
  );
}

/** Of `docIds`, those changed after `version` or no longer approved: knowledge a hit cited that moved on. */
export function supersededSince(db: Db, docIds: readonly string[], version: number): string[] {
  if (docIds.length === 0) return [];
  return db
    .prepare(
      `SELECT value FROM json_each(?) WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.doc_id = value
         AND d.status = 'approved' AND d.updated_version <= ?) ORDER BY value`,
    )
    .pluck()
    .all(JSON.stringify(docIds), version) as string[];
}
