// Documents as sets of terms, and how much two such sets share: the one lexical similarity in archon.
import { planTerms } from "./relevance.js";

/** The distinct significant terms of a document's title and content. */
export const documentTerms = (title: string, content: string): Set<string> =>
  new Set(planTerms(`${title}\n${content}`));

/** How many terms the two sets have in common. */
export function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return shared;
}

/** |a ∩ b| / |a ∪ b| given the shared count (not rounded). */
export const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>, shared = sharedCount(a, b)): number =>
  shared / (a.size + b.size - shared);
