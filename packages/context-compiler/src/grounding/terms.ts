// The words of a feature text and of code names, in the one form the grounding matches them in.

const STOP_WORDS = new Set(
  (
    "the a an and or of to for in on at by with from into onto as is are be been being it its this that these " +
    "those their them they we our you your can could should would will shall may might must let lets allow " +
    "allows add adds new make makes use uses using when where which who what how than then so such via per " +
    "all any each every some more most other only also not no yes do does done have has had get gets set " +
    "user users feature page way want need needs like just about after before over under up down out"
  ).split(" "),
);

/** Distinct lower-case words of at least three letters (a plural counts as its singular's), stop words left out, in first-seen order. */
export function featureTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (word.length < 3 || STOP_WORDS.has(word) || terms.some((t) => sameWord(word, t))) continue;
    terms.push(word);
  }
  return terms;
}

/** A path or identifier cut into its lower-case words: `src/app/InvoiceList.tsx` → src, app, invoice, list, tsx. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/**
 * A word's stem: plural and verb endings cut, so `invoices`, `invoiced` and `invoicing` all read `invoic`.
 * Light by design: it only has to make a feature's words meet the code's names, never to be a dictionary.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.length > 4 && /(?:ch|sh|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const ending of ["ing", "ed", "e"]) {
    if (w.length - ending.length >= 4 && w.endsWith(ending)) {
      w = w.slice(0, -ending.length);
      break;
    }
  }
  // recurring -> recurr -> recur: a doubled last consonant is the ending's, not the word's.
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Whether a word of the code and a term of the feature name the same thing: one stem, or one a short extension of the other. */
export function sameWord(word: string, term: string): boolean {
  if (word === term) return true;
  const a = stem(word);
  const b = stem(term);
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  // Four letters are too few to stand for a word (form, format), and a longer tail is another word.
  return short.length >= 5 && long.startsWith(short) && long.length - short.length <= 4;
}

/** The terms of `terms` that some word of `words` names. */
export function matchedTerms(words: readonly string[], terms: readonly string[]): string[] {
  return terms.filter((t) => words.some((w) => sameWord(w, t)));
}
