// A one-pass reading of a markdown section: lines, fenced code, pipe tables, words and opt-outs.
// Every rule works from this, so no rule needs a regular expression over the whole text.
import { NO_PROJECT_CONTEXT, type ProjectContext } from "../sections/project-context.js";

export interface Table {
  /** Lower-cased, trimmed header cells. */
  header: string[];
  rows: string[][];
  /** 1-based line of the header. */
  line: number;
}

export interface SectionDoc {
  sectionType: string;
  /** What the project decides for itself (its own rules, its existing tables); empty outside a grounded run. */
  project: ProjectContext;
  text: string;
  lower: string;
  lines: string[];
  /** Lower-cased text outside fenced code blocks. */
  prose: string;
  /** Lines inside fenced code blocks, with their 1-based line numbers. */
  code: { text: string; line: number }[];
  tables: Table[];
  words: Set<string>;
  /** The whole section opts out with an explicit "not applicable: <reason>". */
  optedOut: boolean;
}

const OPT_OUT_PHRASES = ["not applicable", "non applicable", "sans objet", "ne s'applique pas"];

/** The reason of an explicit "not applicable: <reason>" in this line, or null (a bare "n/a" is no opt-out). */
export function optOutReason(line: string): string | null {
  const lower = line.toLowerCase();
  for (const phrase of OPT_OUT_PHRASES) {
    const at = lower.indexOf(phrase);
    if (at === -1) continue;
    const rest = lower.slice(at + phrase.length).trimStart();
    if (!rest.startsWith(":")) continue;
    const reason = rest.slice(1).trim();
    if (reason.length >= 3) return reason;
  }
  return null;
}

export function splitCells(line: string): string[] {
  let body = line.trim();
  if (body.startsWith("|")) body = body.slice(1);
  if (body.endsWith("|")) body = body.slice(0, -1);
  return body.split("|").map((c) => c.trim());
}

function isSeparatorRow(cells: readonly string[]): boolean {
  return cells.length > 0 && cells.every((c) => c.length > 0 && /^:?-+:?$/.test(c));
}

const WORD_BREAK = /[^\p{L}\p{N}_]+/u;

/** The one pass over the lines: fenced code apart, pipe tables gathered, content and opt-out lines counted. */
function scanLines(lines: readonly string[]) {
  const code: SectionDoc["code"] = [];
  const tables: Table[] = [];
  const proseParts: string[] = [];
  let inFence = false;
  let table: Table | null = null;
  let contentLines = 0;
  let optOutLines = 0;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const lowerLine = raw.toLowerCase();
    if (line.startsWith("```") || line.startsWith("~~~")) {
      inFence = !inFence;
      table = null;
      return;
    }
    if (inFence) {
      code.push({ text: raw, line: index + 1 });
      return;
    }
    proseParts.push(lowerLine);
    if (line !== "" && !line.startsWith("#")) {
      contentLines += 1;
      if (optOutReason(line) !== null) optOutLines += 1;
    }
    if (line.startsWith("|")) {
      const cells = splitCells(line);
      if (table === null) {
        table = { header: cells.map((c) => c.toLowerCase()), rows: [], line: index + 1 };
        tables.push(table);
      } else if (!(table.rows.length === 0 && isSeparatorRow(cells))) {
        table.rows.push(cells);
      }
      return;
    }
    table = null;
  });
  return {
    code,
    tables,
    prose: proseParts.join("\n"),
    optedOut: contentLines > 0 && optOutLines === contentLines,
  };
}

export function readSection(
  text: string,
  sectionType = "unknown",
  project: ProjectContext = NO_PROJECT_CONTEXT,
): SectionDoc {
  const lines = text.split(/\r?\n/);
  const { code, tables, prose, optedOut } = scanLines(lines);
  let words: Set<string> | undefined;
  return {
    sectionType,
    project,
    text,
    lower: text.toLowerCase(),
    lines,
    prose,
    code,
    tables,
    // Read when a rule asks (two do), line by line: one split of a multi-megabyte text made an array so
    // large that collecting it grew faster than the text.
    get words() {
      if (words === undefined) {
        words = new Set<string>();
        for (const line of lines)
          for (const w of line.toLowerCase().split(WORD_BREAK)) if (w !== "") words.add(w);
      }
      return words;
    },
    optedOut,
  };
}

/** True when any keyword occurs as a substring of the lower-cased text. */
export function mentions(doc: SectionDoc, keywords: readonly string[]): boolean {
  return keywords.some((k) => doc.lower.includes(k));
}

/** Ids like FR-001 at word starts, in order of appearance, with the line they sit on (1-based). */
export function findIds(text: string, prefix: string): { id: string; num: number; line: number }[] {
  const found: { id: string; num: number; line: number }[] = [];
  const upper = text.toUpperCase();
  const needle = `${prefix}-`;
  let line = 1;
  let lastLineScan = 0;
  let at = upper.indexOf(needle);
  while (at !== -1) {
    for (let i = lastLineScan; i < at; i++) if (upper.charCodeAt(i) === 10) line += 1;
    lastLineScan = at;
    const before = at === 0 ? "" : (upper[at - 1] ?? "");
    let end = at + needle.length;
    while (end < upper.length && end - at - needle.length < 6 && isDigit(upper.charCodeAt(end))) end += 1;
    const digits = upper.slice(at + needle.length, end);
    if (digits.length > 0 && !/[A-Z0-9_-]/.test(before) && !isDigit(upper.charCodeAt(end))) {
      found.push({ id: `${prefix}-${digits}`, num: Number(digits), line });
    }
    at = upper.indexOf(needle, at + needle.length);
  }
  return found;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The first cell of each row of the first table whose header starts with "id". */
export function idTable(doc: SectionDoc, prefix: string): Table | null {
  return (
    doc.tables.find(
      (t) => t.header[0] === "id" && t.rows.some((r) => (r[0] ?? "").toUpperCase().startsWith(prefix)),
    ) ?? null
  );
}
