// `@path` import lines of CLAUDE.md and GEMINI.md: the lines themselves and the files they bring in.
import { posix } from "node:path";
import { fencedLines } from "../split-units.js";

/** Claude Code follows imports at most five hops deep; Gemini CLI's default depth is the same. */
export const MAX_IMPORT_DEPTH = 5;

/**
 * A line that is only imports (`@AGENTS.md`, `- @docs/x.md`, `@./a.md @./b.md`). An `@` inside
 * prose stays prose: it may be a package scope or a handle, and it is no rule text to drop.
 */
const IMPORT_LINE = /^\s*(?:[-*]\s+)?(@[^\s@`]+(?:\s+@[^\s@`]+)*)\s*$/;

/** Import lines by 0-based index, with the paths they name (without `@`); fenced code never imports. */
export function importLines(lines: readonly string[]): Map<number, string[]> {
  const fenced = fencedLines(lines);
  const found = new Map<number, string[]>();
  lines.forEach((line, i) => {
    const match = fenced[i] ? null : IMPORT_LINE.exec(line);
    if (match)
      found.set(
        i,
        (match[1] as string).split(/\s+/).map((token) => token.slice(1)),
      );
  });
  return found;
}

/** An import path as a repo-relative path, relative to the importing file; a problem when it leaves the project. */
export function resolveImport(fromFile: string, target: string): { path: string } | { problem: string } {
  if (target.startsWith("~") || target.startsWith("/"))
    return { problem: `@${target} is outside the project; not followed` };
  const folder = posix.dirname(fromFile);
  const path = posix.normalize(posix.join(folder, target));
  if (path === ".." || path.startsWith("../"))
    return { problem: `@${target} is outside the project; not followed` };
  return { path };
}
