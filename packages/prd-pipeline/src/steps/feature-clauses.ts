// Splitting a feature text into the features it bundles: only between clauses, never inside brackets,
// quotes or a list of options (what follows a colon), so every part offered is a whole clause.

const OPEN: Record<string, string> = { "(": ")", "[": "]", "{": "}", '"': '"', "“": "”" };
const CONJUNCTIONS = ["and also", "as well as", "ainsi que", "and", "plus", "also", "et", "aussi"];
/**
 * A conjunction splits two clauses when the side before it is a clause (this many words) and the side after
 * it names a capability of its own (two words or more, not a preposition's tail), or when it closes a comma
 * list: "invoices on a monthly schedule and email reminders" bundles two capabilities.
 */
const MIN_CLAUSE_WORDS = 3;
const MIN_CAPABILITY_WORDS = 2;
/** Words that start a phrase qualifying the one before the conjunction, not a capability of its own. */
const QUALIFIERS = new Set([
  "per",
  "by",
  "for",
  "in",
  "on",
  "at",
  "to",
  "from",
  "with",
  "of",
  "as",
  "their",
  "its",
]);
export const MAX_FEATURE_PARTS = 6;

const words = (text: string) => text.split(/\s+/).filter((w) => w !== "");

function clean(part: string): string {
  let text = part.trim().replace(/^[,;:.\s]+|[,;:.\s]+$/g, "");
  for (;;) {
    const lower = text.toLowerCase();
    const lead = CONJUNCTIONS.find((c) => lower.startsWith(`${c} `));
    if (!lead) return text;
    text = text.slice(lead.length).trim();
  }
}

/** The conjunction starting at `i` (a whole word, lower-case text), or undefined. */
function conjunctionAt(lower: string, i: number): string | undefined {
  if (i > 0 && /[\p{L}\p{N}]/u.test(lower[i - 1] ?? "")) return undefined;
  return CONJUNCTIONS.find(
    (c) => lower.startsWith(c, i) && !/[\p{L}\p{N}]/u.test(lower[i + c.length] ?? " "),
  );
}

/** The feature clauses of `text`, whole and in order; one part when it bundles nothing. */
export function featureClauses(text: string): string[] {
  const lower = text.toLowerCase();
  const parts: string[] = [];
  const closing: string[] = [];
  let start = 0;
  let options = false;
  let listed = false;
  const cutAt = (end: number, resume: number) => {
    parts.push(text.slice(start, end));
    start = resume;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (closing.length > 0) {
      if (ch === closing[closing.length - 1]) closing.pop();
      else if (OPEN[ch] && ch !== '"') closing.push(OPEN[ch] as string);
      continue;
    }
    if (OPEN[ch]) {
      closing.push(OPEN[ch] as string);
      continue;
    }
    if (ch === ":") options = true;
    else if (ch === ";" || (ch === "." && /\s/.test(text[i + 1] ?? " "))) {
      cutAt(i, i + 1);
      options = false;
      listed = false;
    } else if (ch === "," && !options) {
      cutAt(i, i + 1);
      listed = true;
    } else if (!options) {
      const c = conjunctionAt(lower, i);
      if (c === undefined) continue;
      const left = words(text.slice(start, i)).length;
      const right = words(text.slice(i + c.length).split(/[,;.]/)[0] ?? "");
      const capability =
        right.length >= MIN_CAPABILITY_WORDS && !QUALIFIERS.has((right[0] ?? "").toLowerCase());
      if (listed || (left >= MIN_CLAUSE_WORDS && capability)) cutAt(i, i + c.length);
      i += c.length - 1;
    }
  }
  parts.push(text.slice(start));
  const clauses = parts.map(clean).filter((p) => p.length > 2);
  return [...new Set(clauses)].slice(0, MAX_FEATURE_PARTS);
}
