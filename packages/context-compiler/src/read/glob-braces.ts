// Brace lists in globs: splitting at commas outside braces, and expanding `src/*.{ts,tsx}` into two globs
// for editors whose glob lists are comma-separated.

/** Index of the `}` closing the `{` at `open`, or -1. */
export function closing(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === "{") depth++;
    else if (glob[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Splits at commas that are not inside `{...}`, keeping empty parts (a brace alternative may be empty). */
export function splitTopLevelCommas(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "{") depth++;
    if (ch === "}") depth = Math.max(0, depth - 1);
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** A comma-separated glob list (`src/**\/*.{ts,tsx}, lib/**`) as its globs, trimmed, empty ones dropped. */
export const splitGlobList = (text: string) =>
  splitTopLevelCommas(text)
    .map((p) => p.trim())
    .filter((p) => p !== "");

/**
 * At most this many globs from one brace pattern: 24 groups of two are 16 million globs, so a pattern past
 * the bound is refused where globs enter (globProblem) and exported in a form that keeps its braces.
 */
export const MAX_BRACE_ALTERNATIVES = 256;

/**
 * Every glob a brace pattern stands for, in written order, duplicates dropped; undefined when writing them
 * out would pass `limit` (counted before duplicates are dropped, so the work stays bounded by `limit`).
 * A brace group without a top-level comma (`{a}`) or without its closing brace is kept as written, as
 * picomatch read it.
 */
export function expandBraces(glob: string, limit = MAX_BRACE_ALTERNATIVES): string[] | undefined {
  const out: string[] = [];
  const expand = (text: string, from: number): boolean => {
    for (let open = text.indexOf("{", from); open !== -1; open = text.indexOf("{", open + 1)) {
      const close = closing(text, open);
      if (close === -1) break;
      const options = splitTopLevelCommas(text.slice(open + 1, close));
      if (options.length < 2) continue;
      const head = text.slice(0, open);
      const tail = text.slice(close + 1);
      return options.every((o) => expand(`${head}${o}${tail}`, open));
    }
    out.push(text);
    return out.length <= limit;
  };
  return expand(glob, 0) ? [...new Set(out)] : undefined;
}

/**
 * A brace-free glob matching at least what `glob` matches: its segments before the first brace group, then
 * `**` (`src/{a,b}/x/*.ts` → `src/**`). For a target that cannot hold the braces of an oversized pattern.
 */
export function braceFreeSuperset(glob: string): string {
  const segments = glob.split("/");
  const first = segments.findIndex((s) => s.includes("{"));
  return first < 0 ? glob : [...segments.slice(0, first), "**"].join("/");
}

/**
 * Globs expanded and de-duplicated, in first-seen order, for targets whose glob lists cannot hold braces.
 * A glob whose expansion passes the bound becomes its brace-free superset, named in `widened`.
 */
export function expandAll(globs: readonly string[]): {
  globs: string[];
  widened: { glob: string; as: string }[];
} {
  const out: string[] = [];
  const widened: { glob: string; as: string }[] = [];
  for (const glob of globs) {
    const expanded = expandBraces(glob);
    if (expanded) out.push(...expanded);
    else {
      const as = braceFreeSuperset(glob);
      widened.push({ glob, as });
      out.push(as);
    }
  }
  return { globs: [...new Set(out)], widened };
}
