// Brace lists in globs: splitting at commas outside braces, and expanding `src/*.{ts,tsx}` into two globs
// for editors whose glob lists are comma-separated.

/** Index of the `}` closing the `{` at `open`, or -1. */
function closing(glob: string, open: number): number {
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
 * Every glob a brace pattern stands for, in written order, duplicates dropped. A brace group without a
 * top-level comma (`{a}`) or without its closing brace is kept as written, as picomatch reads it.
 */
export function expandBraces(glob: string): string[] {
  for (let open = glob.indexOf("{"); open !== -1; open = glob.indexOf("{", open + 1)) {
    const close = closing(glob, open);
    if (close === -1) return [glob];
    const options = splitTopLevelCommas(glob.slice(open + 1, close));
    if (options.length < 2) continue;
    const head = glob.slice(0, open);
    const tail = glob.slice(close + 1);
    return [...new Set(options.flatMap((o) => expandBraces(`${head}${o}${tail}`)))];
  }
  return [glob];
}

/** Globs expanded and de-duplicated, in first-seen order. */
export const expandAll = (globs: readonly string[]) => [...new Set(globs.flatMap(expandBraces))];
