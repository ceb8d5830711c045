// Rule bodies made safe for the files they are copied into: no accidental imports, no stray archon markers.

import { EXPORT_BLOCK } from "../../vocabulary/export-marker.js";
import { MANAGED_FILE_MARKER, MARKDOWN_BLOCK } from "../../vocabulary/markers.js";

const FENCE = /^\s*(```|~~~)/;
/** Inline code spans and the text between them: odd indexes of the split are spans. */
const CODE_SPAN = /(`+[^`]*`+)/;
const AT_TOKEN = /(^|\s)(@[^\s`]+)/g;

/**
 * Claude Code (CLAUDE.md and `.claude/rules/*.md`) and Gemini CLI (GEMINI.md) read `@path` written at
 * the start of a line or after whitespace as "import that file here", except inside code spans and
 * fenced code blocks. A rule that mentions `@docs/x.md` is quoting a path, not asking for an import,
 * so each such token is wrapped in backticks, which both agents leave alone and which renders the same.
 */
export function escapeImports(body: string): string {
  let fenced = false;
  return body
    .split("\n")
    .map((line) => {
      if (FENCE.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      return line
        .split(CODE_SPAN)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(AT_TOKEN, "$1`$2`")))
        .join("");
    })
    .join("\n");
}

/** Lines that would read as a managed block's edge (or an owned file's marker) in a shared file. */
const MARKERS = new Set([
  MARKDOWN_BLOCK.start,
  MARKDOWN_BLOCK.end,
  EXPORT_BLOCK.start,
  EXPORT_BLOCK.end,
  MANAGED_FILE_MARKER,
]);

/**
 * A body imported from a file that held deploy-adapters' block carries its marker lines; copied
 * verbatim into AGENTS.md they would make a second `<!-- archon:start -->`, and every later deploy
 * would refuse the file. Quoting the line as code keeps the text but no longer matches a marker.
 */
export const escapeMarkers = (body: string) =>
  body
    .split("\n")
    .map((line) => (MARKERS.has(line.trim()) ? `\`${line.trim()}\`` : line))
    .join("\n");
