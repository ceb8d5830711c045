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

/** Whether a word of the code and a term of the feature name the same thing: equal, or one a plural/stem of the other. */
export function sameWord(word: string, term: string): boolean {
  if (word === term) return true;
  const [short, long] = word.length < term.length ? [word, term] : [term, word];
  return short.length >= 4 && long.startsWith(short) && long.length - short.length <= 3;
}

/** The terms of `terms` that some word of `words` names. */
export function matchedTerms(words: readonly string[], terms: readonly string[]): string[] {
  return terms.filter((t) => words.some((w) => sameWord(w, t)));
}
