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

/** `@path` naming a text file, in prose: Claude Code and Gemini CLI import it wherever it stands. */
const FILE_REFERENCE = /(?<=^|[\s("'])@([^\s@`()"']+?\.(?:md|mdc|markdown|txt))(?=$|[\s)"',.;:!?])/gi;

/**
 * A sentence that only points at files ("Follow @AGENTS.md.", "See @docs/a.md for details"): the
 * import says it all, and as a rule it would only repeat the pointer in every compile.
 */
const POINTER_WORDS = 6;

/** The `@path` file references of one line, code spans left out. */
export function fileReferences(line: string): string[] {
  return [...line.replace(/`[^`]*`/g, "").matchAll(FILE_REFERENCE)].map((m) => m[1] as string);
}

function pointerOnly(line: string, references: readonly string[]): boolean {
  if (references.length === 0) return false;
  const rest = line.replace(/`[^`]*`/g, " ").replace(FILE_REFERENCE, " ");
  return rest.split(/\s+/).filter((w) => /\w/.test(w)).length <= POINTER_WORDS;
}

/**
 * Import lines by 0-based index, with the paths they name (without `@`): lines of only `@paths`, and
 * short sentences that only point at files. Fenced code never imports.
 */
export function importLines(lines: readonly string[]): Map<number, string[]> {
  const fenced = fencedLines(lines);
  const found = new Map<number, string[]>();
  lines.forEach((line, i) => {
    if (fenced[i]) return;
    const match = IMPORT_LINE.exec(line);
    if (match) {
      found.set(
        i,
        (match[1] as string).split(/\s+/).map((token) => token.slice(1)),
      );
      return;
    }
    const references = fileReferences(line);
    if (pointerOnly(line, references)) found.set(i, references);
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
