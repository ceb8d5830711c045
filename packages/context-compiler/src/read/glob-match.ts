// Glob matching in time bounded by pattern length × path length (× a name's class variants, 16 at most):
// a compiled glob's segments are matched against the path's with one resumable `**`, each segment with one
// resumable `*`.
//
// Why not a regular expression (picomatch did this before): its backtracking made `src/?*?*?*?*?*?*?*?*z`
// take seconds on one path. Both levels below use the classic wildcard walk, where meeting a new star drops
// the previous one: every (token, character) and every (segment, path segment) pair is tried at most once.
// The semantics are picomatch's with `dot: true` on repo paths (kept so no approved rule changes scope):
// `*`, `?` and classes match hidden names too, never `/`, `.` or `..`; `a/**` also matches `a`; `**/a`
// matches `a`. The syntax outside this subset is refused by globProblem before a glob gets here.
import { closing, expandBraces, splitTopLevelCommas } from "./glob-braces.js";

/** One character position in a segment: a literal, `?`, a class `[a-z]` / `[^a]`, or `*`. */
type CharToken =
  | { kind: "literal"; char: string }
  | { kind: "any" }
  | { kind: "class"; negated: boolean; ranges: [string, string][] }
  | { kind: "star" };

/**
 * A path segment pattern: a name without wildcards is kept as its text. Picomatch let a class also match
 * its own text (`app/[id]/**` matches the folder `[id]`, which Next.js routes are named like), so a segment
 * with classes has one variant per choice.
 */
type Segment =
  | { kind: "globstar" }
  | { kind: "name"; text: string }
  | { kind: "tokens"; variants: CharToken[][] };

/** One brace-free alternative, ready to match. */
export type CompiledGlob = Segment[];

/** Counts the inner steps of a match, so tests can bound the work without timing it. */
export interface StepMeter {
  steps: number;
}

/** A class body (between `[` and `]`) as ranges; `^` first negates, `-` first or last is literal. */
function parseClass(body: string): CharToken {
  const negated = body.startsWith("^");
  const chars = negated ? body.slice(1) : body;
  const ranges: [string, string][] = [];
  for (let i = 0; i < chars.length; i++) {
    const from = chars[i] as string;
    if (chars[i + 1] === "-" && i + 2 < chars.length) {
      ranges.push([from, chars[i + 2] as string]);
      i += 2;
    } else ranges.push([from, from]);
  }
  return { kind: "class", negated, ranges };
}

/** Adds `token` to every variant; consecutive stars (`*{,}*`) are one star. */
function append(variants: CharToken[][], token: CharToken) {
  for (const tokens of variants) {
    if (!(token.kind === "star" && tokens[tokens.length - 1]?.kind === "star")) tokens.push(token);
  }
}

const STAR: CharToken = { kind: "star" };
const ANY: CharToken = { kind: "any" };
/**
 * Literal tokens are shared, one per character: tens of thousands of globs compiled one object per
 * character made most of what a server's first compiles left for the collector to copy.
 */
const literals = new Map<string, CharToken>();

function literal(char: string): CharToken {
  let token = literals.get(char);
  if (!token) {
    token = { kind: "literal", char };
    literals.set(char, token);
  }
  return token;
}

function parseSegment(text: string): Segment {
  if (text === GLOBSTAR) return { kind: "globstar" };
  if (!/[*?[]/.test(text)) return { kind: "name", text };
  let variants: CharToken[][] = [[]];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const close = ch === "[" ? text.indexOf("]", i + 2) : -1;
    if (ch === "*") append(variants, STAR);
    else if (ch === "?") append(variants, ANY);
    else if (close > i) {
      const asText = [...text.slice(i, close + 1)].map(literal);
      const asClass = parseClass(text.slice(i + 1, close));
      variants = variants.flatMap((tokens) => [
        [...tokens, asClass],
        [...tokens, ...asText],
      ]);
      i = close;
    } else append(variants, literal(ch));
  }
  return { kind: "tokens", variants };
}

const STAR_SEGMENT: Segment = { kind: "tokens", variants: [[STAR]] };

/**
 * Stands for a `**` written as a whole segment. Picomatch decided globstars on the written text, before
 * braces: `*{a,}*` gives `**` after expansion, which is still one name's `*`, never a globstar.
 */
export const GLOBSTAR = "\u0000";

/** The written glob with each whole-segment `**` as GLOBSTAR; any `**` left is inside a name. */
export const markGlobstars = (written: string) =>
  written.replace(/(^|[/{,])\*\*(?=$|[/},])/g, `$1${GLOBSTAR}`);

/** Two `**` in a row are one: the same paths, and one resumable point fewer. */
const collapseGlobstars = (segments: readonly string[], globstar: string) =>
  segments.filter((s, i) => !(s === globstar && segments[i - 1] === globstar));

/**
 * Whether the glob as written ends in `*` then `/**`. Picomatch let a trailing `/**` match the folder
 * itself (`src/**` matches `src`) except there (`*\/**` needs a name below), a test on the written text,
 * before braces: kept, so that no approved rule changes scope.
 */
export function starBeforeTrailingGlobstar(written: string): boolean {
  const segments = collapseGlobstars(written.split("/"), "**");
  const before = segments[segments.length - 2];
  return (
    segments[segments.length - 1] === "**" && before !== undefined && before !== "**" && before.endsWith("*")
  );
}

/** A brace-free marked glob (markGlobstars) as segments; see starBeforeTrailingGlobstar for the flag. */
export function compileGlob(glob: string, starBeforeTrailing = false): CompiledGlob {
  const segments = collapseGlobstars(glob.split("/"), GLOBSTAR).map(parseSegment);
  if (starBeforeTrailing && segments[segments.length - 1]?.kind === "globstar")
    segments.splice(segments.length - 1, 0, STAR_SEGMENT);
  return segments;
}

function charMatches(token: CharToken, ch: string): boolean {
  if (token.kind === "literal") return token.char === ch;
  if (token.kind !== "class") return true;
  const inside = token.ranges.some(([from, to]) => from <= ch && ch <= to);
  return inside !== token.negated;
}

function segmentMatches(
  segment: Exclude<Segment, { kind: "globstar" }>,
  text: string,
  meter?: StepMeter,
): boolean {
  if (segment.kind === "name") {
    if (meter) meter.steps += text.length;
    return text.length > 0 && text === segment.text;
  }
  // Wildcards never stand for the `.` and `..` entries, as in picomatch.
  if (text === "." || text === "..") return false;
  return segment.variants.some((tokens) => tokensMatch(tokens, text, meter));
}

function tokensMatch(tokens: readonly CharToken[], text: string, meter?: StepMeter): boolean {
  let t = 0;
  let c = 0;
  let star = -1;
  let resume = 0;
  while (c < text.length) {
    if (meter) meter.steps++;
    const token = tokens[t];
    if (token?.kind === "star") {
      star = t++;
      resume = c;
    } else if (token && charMatches(token, text[c] as string)) {
      t++;
      c++;
    } else if (star >= 0) {
      t = star + 1;
      c = ++resume;
    } else return false;
  }
  while (tokens[t]?.kind === "star") t++;
  // A segment is never empty in a repo path; `*` alone does not stand for an empty name.
  return t === tokens.length && text.length > 0;
}

/** Whether the compiled glob matches the whole repo path (`src/api/x.ts`). */
export function matchCompiled(glob: CompiledGlob, path: string, meter?: StepMeter): boolean {
  const parts = path.split("/");
  let s = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (p < parts.length) {
    if (meter) meter.steps++;
    const segment = glob[s];
    if (segment?.kind === "globstar") {
      star = s++;
      resume = p;
    } else if (segment && segmentMatches(segment, parts[p] as string, meter)) {
      s++;
      p++;
    } else if (star >= 0) {
      s = star + 1;
      p = ++resume;
      // `**` stands for folders, never for `.` or `..`.
      const skipped = parts[p - 1];
      if (skipped === "." || skipped === "..") return false;
    } else return false;
  }
  while (glob[s]?.kind === "globstar") s++;
  return s === glob.length;
}

/**
 * The compiled alternatives of a written glob (no leading `!` or `./`), or undefined past the brace bound.
 * Refusing the syntax outside the subset is globProblem's job; this only builds what it accepted.
 */
export function compileAlternatives(written: string): CompiledGlob[] | undefined {
  const needsName = starBeforeTrailingGlobstar(written);
  const alternatives = expandBraces(markGlobstars(written))?.map((glob) => compileGlob(glob, needsName));
  const folder = folderBeforeEmptyLastName(written);
  if (alternatives === undefined || folder === undefined) return alternatives;
  const folderAlternatives = compileAlternatives(folder);
  return folderAlternatives && [...alternatives, ...folderAlternatives];
}

/**
 * The folder part of a glob written `folder/**\/{a,}*`, whose last name may be empty: picomatch let such a
 * glob match the folder itself, as a trailing `/**` does (`x/**\/{a,}*` matches `x`), though neither `x/**\/a*`
 * nor `x/**\/*` does. Kept, so that no approved rule changes scope. The name may be empty when it starts with
 * a brace group that has an empty alternative and holds nothing but such groups and `*` (a `*` first in a
 * name never stands for nothing; one after a brace group did).
 */
function folderBeforeEmptyLastName(written: string): string | undefined {
  const cut = written.lastIndexOf("/**/");
  if (cut <= 0) return undefined;
  const name = written.slice(cut + 4);
  if (!name.startsWith("{")) return undefined;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === "*") continue;
    if (name[i] !== "{") return undefined;
    const close = closing(name, i);
    if (close === -1 || !splitTopLevelCommas(name.slice(i + 1, close)).includes("")) return undefined;
    i = close;
  }
  return written.slice(0, cut);
}
