// Lexical relevance of a document to a plan: the share of plan terms the document contains.
// Word-boundary and camelCase aware ("getUser" has "get" and "user"; "rapid" does not have "api").

const STOPWORDS = new Set(
  "a an and are as at be but by do for from has have i in into is it its of on or so that the then this to we was will with you".split(
    " ",
  ),
);

const CAMEL_PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu;
/** A letter or digit at `lastIndex`: what a word is made of. */
const WORD_CHAR = /[\p{L}\p{N}]/uy;

const isUpper = (c: number) => c >= 0x41 && c <= 0x5a;
const isLower = (c: number) => c >= 0x61 && c <= 0x7a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * Each lower-case term of a text, repeats included, in order of appearance: every word (a run of letters and
 * digits) split into its camelCase parts (`\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+`), or kept whole when it
 * has none. One scan of the text; an ASCII word, almost every word, is split here without a regular
 * expression, and any other word by CAMEL_PART.
 */
export function allTerms(text: string): string[] {
  const terms: string[] = [];
  const end = text.length;
  let i = 0;
  while (i < end) {
    const start = i;
    let ascii = true;
    for (;;) {
      const c = i < end ? text.charCodeAt(i) : -1;
      if (isLower(c) || isUpper(c) || isDigit(c)) i += 1;
      else if (c >= 0x80 && wordCharAt(text, i)) {
        ascii = false;
        i += unitsAt(text, i);
      } else break;
    }
    if (i === start) {
      // Not part of a word: skip it, both halves of a surrogate pair at once.
      i += unitsAt(text, i);
      continue;
    }
    if (ascii) splitAscii(text, start, i, terms);
    else {
      const word = text.slice(start, i);
      for (const part of word.match(CAMEL_PART) ?? [word]) terms.push(part.toLowerCase());
    }
  }
  return terms;
}

/** 2 where a surrogate pair starts, else 1. */
function unitsAt(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c < 0xd800 || c > 0xdbff) return 1;
  const next = text.charCodeAt(at + 1);
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

function wordCharAt(text: string, at: number): boolean {
  WORD_CHAR.lastIndex = at;
  return WORD_CHAR.test(text);
}

/** CAMEL_PART's parts of the ASCII word text[from, to), lower-cased, onto `terms`. */
function splitAscii(text: string, from: number, to: number, terms: string[]): void {
  let i = from;
  while (i < to) {
    const start = i;
    const c = text.charCodeAt(i);
    if (isDigit(c)) {
      while (i < to && isDigit(text.charCodeAt(i))) i += 1;
      terms.push(text.slice(start, i));
    } else if (isLower(c)) {
      while (i < to && isLower(text.charCodeAt(i))) i += 1;
      terms.push(text.slice(start, i));
    } else {
      while (i < to && isUpper(text.charCodeAt(i))) i += 1;
      // Capitals before a lower-case letter: all but the last are one part, the last starts the next.
      if (i < to && isLower(text.charCodeAt(i))) {
        if (i - start > 1) i -= 1;
        else while (i < to && isLower(text.charCodeAt(i))) i += 1;
      }
      terms.push(text.slice(start, i).toLowerCase());
    }
  }
}

/** Lower-case terms of a text: every alphanumeric run, split at camelCase and digit boundaries. */
export function termsOf(text: string): Set<string> {
  return new Set(allTerms(text));
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
