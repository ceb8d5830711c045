// Near-duplicate rules: approved documents whose wording overlaps so much they probably say the same thing.
import { documentTerms, jaccard } from "../../read/term-sets.js";

export const NEAR_DUPLICATE_THRESHOLD = 0.8;
/** Below this many distinct terms, two short documents look alike without meaning the same. */
const MIN_TERMS = 4;

export interface TextDoc {
  doc_id: string;
  title: string;
  content: string;
}

export interface DuplicatePair {
  doc_ids: [string, string];
  /** Jaccard similarity of the two documents' terms, rounded to 3 places. */
  similarity: number;
}

/**
 * Pairs with term-set Jaccard similarity >= threshold, most similar first. Prefix filtering keeps this
 * far below all-pairs cost: two sets that similar must share one of each set's rarest terms.
 */
export function nearDuplicates(
  docs: readonly TextDoc[],
  threshold = NEAR_DUPLICATE_THRESHOLD,
): DuplicatePair[] {
  const sets = docs
    .map((d) => ({ doc_id: d.doc_id, terms: documentTerms(d.title, d.content) }))
    .filter((d) => d.terms.size >= MIN_TERMS);
  const frequency = new Map<string, number>();
  for (const d of sets) for (const t of d.terms) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  const rarestFirst = (a: string, b: string) =>
    (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);

  const postings = new Map<string, number[]>();
  const candidates = new Set<string>();
  sets.forEach((d, i) => {
    const ordered = [...d.terms].sort(rarestFirst);
    // The epsilon keeps floating point from shortening the prefix below what the bound needs.
    const prefix = ordered.length - Math.ceil(threshold * ordered.length - 1e-9) + 1;
    for (const term of ordered.slice(0, prefix)) {
      const seen = postings.get(term) ?? [];
      for (const j of seen) candidates.add(`${j}:${i}`);
      seen.push(i);
      postings.set(term, seen);
    }
  });

  const pairs: DuplicatePair[] = [];
  for (const key of candidates) {
    const [i, j] = key.split(":").map(Number) as [number, number];
    const a = sets[i] as (typeof sets)[number];
    const b = sets[j] as (typeof sets)[number];
    const similarity = jaccard(a.terms, b.terms);
    if (similarity >= threshold) {
      const ids = [a.doc_id, b.doc_id].sort() as [string, string];
      pairs.push({ doc_ids: ids, similarity: Math.round(similarity * 1000) / 1000 });
    }
  }
  return pairs.sort(
    (x, y) =>
      y.similarity - x.similarity ||
      (x.doc_ids.join("\0") < y.doc_ids.join("\0")
        ? -1
        : x.doc_ids.join("\0") > y.doc_ids.join("\0")
          ? 1
          : 0),
  );
}
