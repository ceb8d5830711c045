// The one place globs are interpreted: specificity, validation, matching and path normalization.
import { isAbsolute, relative, sep } from "node:path";
import { expandBraces, MAX_BRACE_ALTERNATIVES } from "./glob-braces.js";
import { compileAlternatives, GLOBSTAR, markGlobstars, matchCompiled } from "./glob-match.js";

const GLOB_CHARS = /[*?[\]{}()!+@]/;

export const isGlobSegment = (segment: string) => GLOB_CHARS.test(segment);

/**
 * Specificity is computed from the pattern, never stored: per `/` segment, `**` adds 0, a segment
 * with glob syntax adds 1, a literal adds 2. `src/api/client.ts` (6) > `src/api/**` (4) > `src/**` (2).
 */
export function specificity(pattern: string): number {
  let total = 0;
  for (const segment of pattern.split("/")) {
    if (segment === "**") continue;
    total += isGlobSegment(segment) ? 1 : 2;
  }
  return total;
}

const MAX_CLASSES_PER_NAME = 4;

/** The glob without its leading `!` and `./` (picomatch ignored a leading `./`, and so does archon). */
const positivePart = (glob: string) => (glob.startsWith("!") ? glob.slice(1) : glob).replace(/^(\.\/)+/, "");

/** Names of letters, digits, `.`, `_`, `-` and `*`, between single slashes. */
const STARS_AND_NAMES = /^[\w.*-]+(\/[\w.*-]+)*$/;
const PARENT_FOLDER = "contains '..'; globs cannot leave the project";
const GLOBSTAR_IN_NAME = "puts '**' inside a name; '**' is a whole segment: **/*.ts";

/**
 * Why a glob is unusable, or undefined when it is fine. Archon matches the glob subset rule files use
 * (`**`, `*`, `?`, `[a-z]`, `[^a]`, `{a,b}`, a leading `!`) in bounded time (glob-match.ts); the rest of
 * picomatch's syntax is refused here, by name, rather than matched differently from what it meant.
 */
export function globProblem(pattern: string): string | undefined {
  // Nearly every glob a rule file holds is folders, names, `*` and `**`: all such a glob can get wrong is
  // a `..` folder or a `**` inside a name, which fullGlobProblem would find as well (glob.test.ts).
  if (STARS_AND_NAMES.test(pattern)) {
    const segments = pattern.split("/");
    if (segments.includes("..")) return PARENT_FOLDER;
    if (segments.some((s) => s !== "**" && s.includes("**"))) return GLOBSTAR_IN_NAME;
    return undefined;
  }
  return fullGlobProblem(pattern);
}

/** Every check globProblem makes, for a glob of any shape. */
export function fullGlobProblem(pattern: string): string | undefined {
  if (pattern.trim() === "") return "is empty";
  if (pattern !== pattern.trim()) return "has leading or trailing spaces";
  if (pattern.includes("\\")) return "uses a backslash; write paths with forward slashes";
  if (pattern.startsWith("/") || /^[A-Za-z]:/.test(pattern)) return "is absolute; globs are repo-relative";
  if (pattern.split("/").includes("..")) return PARENT_FOLDER;
  if (!balanced(pattern)) return "has unbalanced brackets or braces";
  if (/[()]/.test(pattern)) return "uses ( ) or an extglob such as @(a|b); write alternatives as {a,b}";
  if (pattern.startsWith("!!")) return "starts with '!!'; write the glob without the double negation";
  if (/\{[^{},]*\.\.[^{},]*\}/.test(pattern))
    return "uses a brace range such as {1..3}; list the values: {1,2,3}";
  if (pattern.includes(GLOBSTAR)) return "holds a NUL character";
  const marked = markGlobstars(positivePart(pattern));
  if (marked.includes("**")) return GLOBSTAR_IN_NAME;
  const expanded = expandBraces(marked);
  if (!expanded)
    return `expands to more than ${MAX_BRACE_ALTERNATIVES} globs; use fewer brace groups or a folder glob`;
  for (const segment of expanded.flatMap((g) => g.split("/"))) {
    // Repo paths have no empty folder names, so `src//x` or `src/` could only ever match nothing.
    if (segment === "") return "has an empty folder name (// or a trailing /)";
    if (segment !== GLOBSTAR && segment.includes(GLOBSTAR)) return GLOBSTAR_IN_NAME;
    // Picomatch read `[!a]` as "`!` or `a`", where shells and gitignore read "not `a`": refused, not guessed.
    if (segment.includes("[!")) return "uses [!..]; write a negated class as [^..]";
    // Each class doubles the ways a name is tried (glob-match.ts), so one name holds a few at most.
    if ((segment.match(/\[/g) ?? []).length > MAX_CLASSES_PER_NAME)
      return `has more than ${MAX_CLASSES_PER_NAME} classes [..] in one name`;
    if (/\[[^\]]*\[/.test(segment))
      return "uses a '[' inside a class such as [[:alpha:]]; write the range: [a-zA-Z]";
    if (/\[[^\]]*$/.test(segment) || /^[^[]*\]/.test(segment))
      return "has a class [..] that does not close in its own folder";
  }
  return undefined;
}

function balanced(pattern: string): boolean {
  const pairs: Record<string, string> = { "}": "{", "]": "[", ")": "(" };
  const stack: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === "{" || ch === "[" || ch === "(") stack.push(ch);
    else if (ch in pairs && stack.pop() !== pairs[ch]) return false;
  }
  return stack.length === 0;
}

export type Matcher = (path: string) => boolean;

/**
 * The glob's matcher for repo paths. A glob globProblem refuses matches nothing: callers that take globs
 * from people report the problem where they take them, and one that slipped into older knowledge must
 * never stall a compile.
 */
export function makeMatcher(pattern: string): Matcher {
  return globProblem(pattern) === undefined ? acceptedMatcher(pattern) : () => false;
}

/** The matcher of a glob that globProblem has accepted already (glob-index.ts checks each once, when added). */
export function acceptedMatcher(pattern: string): Matcher {
  const negated = pattern.startsWith("!");
  const alternatives = compileAlternatives(positivePart(pattern)) ?? [];
  return (path) => alternatives.some((glob) => matchCompiled(glob, path)) !== negated;
}

/** Whether a target path is absolute, on POSIX or Windows (`C:\\x`, `C:/x`). */
export const isAbsoluteTarget = (input: string) => isAbsolute(input) || /^[A-Za-z]:[\\/]/.test(input);

/**
 * A target file as the project sees it: an absolute path inside `projectRoot` becomes repo-relative (agents
 * often send absolute paths), then it is normalized. Undefined for a path outside the project.
 */
export function toRepoPath(projectRoot: string, input: string): string | undefined {
  if (!isAbsoluteTarget(input)) return normalizeRepoPath(input);
  const rel = relative(projectRoot, input);
  // A `..` segment leaves the project; `..foo.md` is a file name inside it.
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return normalizeRepoPath(rel.split(sep).join("/"));
}

/**
 * A repo-relative path with forward slashes and no `./` or empty segments. Returns undefined for a
 * path that is empty or leaves the project (`..`), which can never match a rule.
 */
export function normalizeRepoPath(input: string): string | undefined {
  const segments: string[] = [];
  for (const segment of input.replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return undefined;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return segments.length > 0 ? segments.join("/") : undefined;
}
