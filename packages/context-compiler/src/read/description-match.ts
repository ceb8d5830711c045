// Rules a person applies "when relevant" (a Cursor rule with only a description, a Copilot file without
// applyTo): the plan reaches them by sharing enough significant words with their description.
import type { KnowledgeIndex } from "./knowledge-index.js";
import { termsOf } from "./relevance.js";

/** Words that say a text is a rule, not what it is about; they never make a match on their own. */
const GENERIC = new Set(
  `a about across after all also always an and any are as at be best by can code do does for from guide guideline
  how if in into is it its make must never not of on or our practice project rule should standard that the these
  this to use used using we when where which while with work working write writing you your`.split(/\s+/),
);

/** A light, deterministic stem: enough to make "flags" meet "flag" and "testing" meet "tests". */
export function stem(term: string): string {
  if (term.length > 4 && term.endsWith("ies")) return `${term.slice(0, -3)}y`;
  if (term.length > 5 && term.endsWith("ing")) return term.slice(0, -3);
  if (term.length > 4 && term.endsWith("ed")) return term.slice(0, -2);
  if (term.length > 3 && term.endsWith("s") && !term.endsWith("ss")) return term.slice(0, -1);
  return term;
}

/** The stemmed terms of a text that can make a description match (generic words and single letters dropped). */
export function significantTerms(text: string): Set<string> {
  const out = new Set<string>();
  for (const term of termsOf(text)) {
    if (term.length < 2 || GENERIC.has(term)) continue;
    const s = stem(term);
    if (!GENERIC.has(s)) out.add(s);
  }
  return out;
}

/**
 * A plan matches a description when they share two significant terms, or every significant term of a
 * description that has only one. One shared word ("api") is too weak to pull in a whole rule.
 */
export function matchesDescription(plan: ReadonlySet<string>, description: ReadonlySet<string>): boolean {
  let shared = 0;
  for (const term of description) if (plan.has(term)) shared += 1;
  return shared >= 2 || (shared >= 1 && shared === description.size);
}

/** Documents with a description the plan matches, not already in the base result; sorted. */
export function describedDocs(
  index: KnowledgeIndex,
  plan: string | undefined,
  base: ReadonlyMap<string, unknown>,
) {
  if (plan === undefined || index.descriptions.size === 0) return [];
  const words = significantTerms(plan);
  return [...index.descriptions]
    .filter(([id, terms]) => !base.has(id) && matchesDescription(words, terms))
    .map(([id]) => id)
    .sort();
}
