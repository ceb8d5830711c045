// The one place globs are interpreted: specificity, validation, matching and path normalization.
import { isAbsolute, relative, sep } from "node:path";
import picomatch from "picomatch";

/** Hidden folders (.github, .cursor) are ordinary project paths, so `**` walks into them. */
const PICOMATCH_OPTIONS = { dot: true } as const;

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

/** Why a glob is unusable, or undefined when it is fine. */
export function globProblem(pattern: string): string | undefined {
  if (pattern.trim() === "") return "is empty";
  if (pattern !== pattern.trim()) return "has leading or trailing spaces";
  if (pattern.includes("\\")) return "uses a backslash; write paths with forward slashes";
  if (pattern.startsWith("/") || /^[A-Za-z]:/.test(pattern)) return "is absolute; globs are repo-relative";
  if (pattern.split("/").includes("..")) return "contains '..'; globs cannot leave the project";
  if (!balanced(pattern)) return "has unbalanced brackets or braces";
  try {
    picomatch.makeRe(pattern, PICOMATCH_OPTIONS);
  } catch (error) {
    return `cannot be compiled (${(error as Error).message})`;
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

export function makeMatcher(pattern: string): Matcher {
  return picomatch(pattern, PICOMATCH_OPTIONS);
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
  if (rel.startsWith("..") || isAbsolute(rel)) return undefined;
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
