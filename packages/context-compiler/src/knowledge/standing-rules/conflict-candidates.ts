// Which standing rules a new decision may collide with: shared wording, found lexically.
import type { Db } from "@archon/core";
import { planTerms } from "../../read/relevance.js";

export interface ConflictCandidate {
  doc_id: string;
  title: string;
  /** Share of the smaller rule's terms that the two have in common, 0..1. */
  overlap: number;
  shared_terms: string[];
}

const MIN_OVERLAP = 0.4;
const MIN_SHARED = 2;

/** Approved standing rules sharing enough terms with `text`, strongest first (at most five). */
export function findConflictCandidates(db: Db, text: string, excludeDocId?: string): ConflictCandidate[] {
  const terms = new Set(planTerms(text));
  if (terms.size === 0) return [];
  const rules = db
    .prepare(
      `SELECT d.doc_id, d.title, b.content FROM documents d JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE d.status = 'approved' AND d.origin = 'standing' ORDER BY d.doc_id`,
    )
    .all() as { doc_id: string; title: string; content: string }[];
  const out: ConflictCandidate[] = [];
  for (const rule of rules) {
    if (rule.doc_id === excludeDocId) continue;
    const ruleTerms = new Set(planTerms(`${rule.title}\n${rule.content}`));
    const shared = [...terms].filter((t) => ruleTerms.has(t)).sort();
    const overlap = shared.length / Math.min(terms.size, ruleTerms.size || 1);
    if (shared.length >= MIN_SHARED && overlap >= MIN_OVERLAP) {
      out.push({
        doc_id: rule.doc_id,
        title: rule.title,
        overlap: Math.round(overlap * 1000) / 1000,
        shared_terms: shared,
      });
    }
  }
  return out.sort((a, b) => b.overlap - a.overlap || (a.doc_id < b.doc_id ? -1 : 1)).slice(0, 5);
}
