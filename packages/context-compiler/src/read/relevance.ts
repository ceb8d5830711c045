// Lexical relevance of a document to a plan: the share of plan terms the document contains.
// Word-boundary and camelCase aware ("getUser" has "get" and "user"; "rapid" does not have "api").

const STOPWORDS = new Set(
  "a an and are as at be but by do for from has have i in into is it its of on or so that the then this to we was will with you".split(
    " ",
  ),
);

const WORD = /[\p{L}\p{N}]+/gu;
const CAMEL_PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu;

/**
 * CAMEL_PART over printable ASCII: in such text every alphanumeric run has at least one part and no part crosses a
 * run's end, so one scan of the whole text finds exactly the parts of every run, without a list per word.
 */
const ASCII = /^[\t\n\r -~]*$/;
const ASCII_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

/** Calls `use` with each lower-case term of a text, repeats included, in order of appearance. */
export function eachTerm(text: string, use: (term: string) => void): void {
  if (ASCII.test(text)) {
    for (const part of text.match(ASCII_PART) ?? []) use(part.toLowerCase());
    return;
  }
  for (const word of text.match(WORD) ?? []) {
    const parts = word.match(CAMEL_PART) ?? [word];
    for (const part of parts) use(part.toLowerCase());
  }
}

/** Lower-case terms of a text: every alphanumeric run, split at camelCase and digit boundaries. */
export function termsOf(text: string): Set<string> {
  const out = new Set<string>();
  eachTerm(text, (term) => out.add(term));
  return out;
}

/** The plan's distinct terms worth matching (stopwords and single letters dropped), sorted. */
export function planTerms(plan: string): string[] {
  return [...termsOf(plan)].filter((t) => t.length > 1 && !STOPWORDS.has(t)).sort();
}

/** What relevance asks of a text's terms: a Set, or the compact form kept per document (term-dictionary.ts). */
export interface TermSet {
  has(term: string): boolean;
}

/** Fraction in [0, 1] of plan terms found in the document's terms, rounded to 4 places for stable bytes. */
export function relevance(terms: readonly string[], documentTerms: TermSet): number {
  if (terms.length === 0) return 0;
  let found = 0;
  for (const term of terms) if (documentTerms.has(term)) found += 1;
  return Math.round((found / terms.length) * 10_000) / 10_000;
}
