// Standing rules whose wording matches a text: used for conflict candidates and for prompt-time injection.
import type { Db } from "@archon/core";
import { planTerms } from "../../read/relevance.js";
import { documentTerms } from "../../read/term-sets.js";
import { standingRules } from "./rules-on-disk.js";

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
  const out: RuleMatch[] = [];
  for (const rule of standingRules(db)) {
    if (rule.doc_id === excludeDocId) continue;
    const ruleTerms = documentTerms(rule.title, rule.content);
    const shared = [...terms].filter((t) => ruleTerms.has(t)).sort();
    const overlap = shared.length / Math.min(terms.size, ruleTerms.size || 1);
    if (shared.length >= MIN_SHARED && overlap >= MIN_OVERLAP) {
      out.push({ ...rule, overlap: Math.round(overlap * 1000) / 1000, shared_terms: shared });
    }
  }
  return out.sort((a, b) => b.overlap - a.overlap || (a.doc_id < b.doc_id ? -1 : 1));
}
