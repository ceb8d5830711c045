// Standing rules whose wording matches a text: used for conflict candidates and for prompt-time injection.
import type { Db } from "@archon/core";
import { planTerms } from "../../read/relevance.js";

export interface RuleMatch {
  doc_id: string;
  title: string;
  content: string;
  /** Share of the smaller side's terms that the two have in common, 0..1. */
  overlap: number;
  shared_terms: string[];
}

const MIN_OVERLAP = 0.4;
const MIN_SHARED = 2;

/** Approved standing rules sharing enough terms with `text`, strongest first, ties by doc_id. */
export function matchStandingRules(db: Db, text: string, excludeDocId?: string): RuleMatch[] {
  const terms = new Set(planTerms(text));
  if (terms.size === 0) return [];
  const rules = db
    .prepare(
      `SELECT d.doc_id, d.title, b.content FROM documents d JOIN content_blobs b ON b.content_hash = d.content_hash
       WHERE d.status = 'approved' AND d.origin = 'standing' ORDER BY d.doc_id`,
    )
    .all() as { doc_id: string; title: string; content: string }[];
  const out: RuleMatch[] = [];
  for (const rule of rules) {
    if (rule.doc_id === excludeDocId) continue;
    const ruleTerms = new Set(planTerms(`${rule.title}\n${rule.content}`));
    const shared = [...terms].filter((t) => ruleTerms.has(t)).sort();
    const overlap = shared.length / Math.min(terms.size, ruleTerms.size || 1);
    if (shared.length >= MIN_SHARED && overlap >= MIN_OVERLAP) {
      out.push({ ...rule, overlap: Math.round(overlap * 1000) / 1000, shared_terms: shared });
    }
  }
  return out.sort((a, b) => b.overlap - a.overlap || (a.doc_id < b.doc_id ? -1 : 1));
}
