// Lexical overlap between import units and documents: Jaccard similarity over their distinct terms.
import type { Db } from "@archon/core";
import { documentTerms, jaccard, sharedCount } from "../../read/term-sets.js";
import { approvedDocumentTexts } from "../../store/documents.js";

/** A pair at or above this similarity is worth a reviewer's look. */
export const OVERLAP_THRESHOLD = 0.35;
/** Pairs sharing fewer terms than this are coincidence, however short the texts. */
const MIN_SHARED = 3;
const MAX_REPORTED = 3;

export interface Termed {
  id: string;
  terms: ReadonlySet<string>;
}

/** |a ∩ b| / |a ∪ b| rounded to 3 places, or 0 when too few terms are shared to mean anything. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const shared = sharedCount(a, b);
  if (shared < MIN_SHARED) return 0;
  return Math.round(jaccard(a, b, shared) * 1000) / 1000;
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
  return approvedDocumentTexts(db).map((r) => ({ id: r.doc_id, terms: documentTerms(r.title, r.content) }));
}
