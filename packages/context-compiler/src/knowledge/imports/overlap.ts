// Lexical overlap between import units and documents: Jaccard similarity over their distinct terms.
import type { Db } from "@archon/core";
import { planTerms } from "../../read/relevance.js";

/** A pair at or above this similarity is worth a reviewer's look. */
export const OVERLAP_THRESHOLD = 0.35;
/** Pairs sharing fewer terms than this are coincidence, however short the texts. */
const MIN_SHARED = 3;
const MAX_REPORTED = 3;

export interface Termed {
  id: string;
  terms: ReadonlySet<string>;
}

export const termSet = (title: string, content: string): Set<string> =>
  new Set(planTerms(`${title}\n${content}`));

/** |a ∩ b| / |a ∪ b| rounded to 3 places, or 0 when too few terms are shared to mean anything. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  if (shared < MIN_SHARED) return 0;
  return Math.round((shared / (a.size + b.size - shared)) * 1000) / 1000;
}

/** The strongest overlaps of `subject` among `others`, highest score first, then by id. */
export function overlapsOf(subject: Termed, others: readonly Termed[]): { doc_id: string; score: number }[] {
  return others
    .filter((o) => o.id !== subject.id)
    .map((o) => ({ doc_id: o.id, score: similarity(subject.terms, o.terms) }))
    .filter((o) => o.score >= OVERLAP_THRESHOLD)
    .sort((a, b) => b.score - a.score || (a.doc_id < b.doc_id ? -1 : 1))
    .slice(0, MAX_REPORTED);
}

/** Approved documents with their terms, in doc_id order. */
export function approvedTerms(db: Db): Termed[] {
  const rows = db
    .prepare(
      `SELECT d.doc_id, d.title, b.content FROM documents d JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE d.status = 'approved' ORDER BY d.doc_id`,
    )
    .all() as { doc_id: string; title: string; content: string }[];
  return rows.map((r) => ({ id: r.doc_id, terms: termSet(r.title, r.content) }));
}
