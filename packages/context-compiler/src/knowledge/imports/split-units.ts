// Splits markdown into import units at `##` headings, code fences respected, with a source anchor per unit.
import { extractAnchored, formatSourceRef } from "../../read/source-anchor.js";

export interface SplitUnit {
  /** The `##` heading text as written (what a section anchor names); absent for the text before it. */
  heading?: string;
  /** A readable title: the cleaned heading, or the `#` title of the text before the first `##`. */
  title?: string;
  /** 1-based file lines, inclusive. */
  start: number;
  end: number;
  content: string;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const SECTION = /^##\s+\S/;
const TITLE = /^#\s+\S/;

/** Text with a byte-order mark dropped and Windows or old-Mac line endings turned into `\n`. */
export const normalizeNewlines = (text: string) => text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");

/** A heading as a title: closing hashes, emphasis and backticks dropped. */
export function cleanHeading(text: string): string {
  return text
    .replace(/\s+#+\s*$/, "")
    .replace(/[*_`]/g, "")
    .replace(/:\s*$/, "")
    .trim();
}

/** For each line, whether it belongs to a fenced code block (its fence lines included). */
export function fencedLines(lines: readonly string[]): boolean[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      return true;
    }
    return fence !== undefined;
  });
}

/**
 * The units of `body`, whose first line is line `firstLine` of its file. Text before the first `##`
 * is a unit only when it says something beyond a `#` title.
 */
export function splitUnits(body: string, firstLine = 1): SplitUnit[] {
  const lines = body.split("\n");
  const fenced = fencedLines(lines);
  const starts: number[] = [];
  lines.forEach((line, i) => {
    if (!fenced[i] && SECTION.test(line)) starts.push(i);
  });
  const units: SplitUnit[] = [];
  const preambleEnd = starts[0] ?? lines.length;
  const preamble = trimmed(lines, 0, preambleEnd);
  const title = lines.slice(0, preambleEnd).find((l) => TITLE.test(l));
  const substance = lines
    .slice(0, preambleEnd)
    .some((l) => l.trim() !== "" && !TITLE.test(l) && !/^\s*<!--.*-->\s*$/.test(l));
  if (preamble && substance) {
    units.push({
      ...(title ? { title: cleanHeading(title.replace(/^#\s+/, "")) } : {}),
      start: preamble.from + firstLine,
      end: preamble.to + firstLine,
      content: lines.slice(preamble.from, preamble.to + 1).join("\n"),
    });
  }
  starts.forEach((from, k) => {
    const range = trimmed(lines, from, starts[k + 1] ?? lines.length) as { from: number; to: number };
    const heading = (lines[from] as string).replace(/^##\s+/, "").trim();
    units.push({
      heading,
      title: cleanHeading(heading) || heading,
      start: range.from + firstLine,
      end: range.to + firstLine,
      // Trailing spaces carry nothing at a section's end, and the anchor reader drops them too.
      content: lines
        .slice(range.from, range.to + 1)
        .join("\n")
        .trimEnd(),
    });
  });
  return units;
}

/** The first and last non-blank lines in [from, to), or undefined when all are blank. */
function trimmed(lines: readonly string[], from: number, to: number) {
  let a = from;
  let b = to - 1;
  while (a <= b && (lines[a] as string).trim() === "") a++;
  while (b >= a && (lines[b] as string).trim() === "") b--;
  return a <= b ? { from: a, to: b } : undefined;
}

/**
 * Where a unit lives in its file: the `##` heading anchor when reading that anchor back gives exactly
 * this unit (so drift checks agree), else the line range. `text` is the whole normalized file.
 */
export function unitSourcePath(file: string, text: string, unit: SplitUnit): string {
  if (unit.heading !== undefined) {
    const anchor = { kind: "section" as const, heading: unit.heading };
    if (extractAnchored(text, anchor) === unit.content) return formatSourceRef({ path: file, anchor });
  }
  return formatSourceRef({ path: file, anchor: { kind: "lines", start: unit.start, end: unit.end } });
}
