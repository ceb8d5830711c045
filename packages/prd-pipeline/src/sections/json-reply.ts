// Pulls the first JSON object out of an agent's free-text reply: one pass over the text, a bounded number of parses.

/** Outermost candidates handed to JSON.parse at most; a reply has its answer among the first few. */
export const MAX_JSON_CANDIDATES = 16;

const OPEN = 123; // {
const CLOSE = 125; // }
const QUOTE = 34; // "
const BACKSLASH = 92;
const NEWLINE = 10;

/** What one extraction cost, so its bound can be checked without a clock. */
export interface ScanWork {
  /** Characters the scan stepped over: at most the length of the text. */
  scanned: number;
  /** Candidates handed to JSON.parse, and their total length (they never overlap, so at most the text). */
  candidates: number;
  parsedChars: number;
}

export interface Candidate {
  start: number;
  /** Inclusive: the closing brace. */
  end: number;
}

/**
 * The balanced `{...}` spans not inside another balanced span, in text order, found in one pass with a stack
 * of open braces. Quotes open a string only inside a brace, and a string ends at a newline (JSON strings hold
 * none), so a stray quote in prose cannot hide the rest of the reply. An opening brace that never closes is
 * prose and does not stop the scan: a span closed inside it still counts.
 */
export function jsonCandidates(text: string): { spans: Candidate[]; scanned: number } {
  const spans: Candidate[] = [];
  const open: number[] = [];
  let inString = false;
  let scanned = 0;
  for (let i = 0; i < text.length; i++) {
    scanned += 1;
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i += 1;
      else if (ch === QUOTE || ch === NEWLINE) inString = false;
      continue;
    }
    if (ch === QUOTE) inString = open.length > 0;
    else if (ch === OPEN) open.push(i);
    else if (ch === CLOSE) {
      const start = open.pop();
      if (start === undefined) continue;
      // Spans that began after this brace sit inside it: the enclosing span replaces them.
      while ((spans.at(-1)?.start ?? -1) > start) spans.pop();
      spans.push({ start, end: i });
    }
  }
  return { spans, scanned };
}

/** The first outermost candidate that parses as a JSON object, with the work it took. */
export function scanJsonReply(text: string): { object: Record<string, unknown> | null; work: ScanWork } {
  const { spans, scanned } = jsonCandidates(text);
  const work: ScanWork = { scanned, candidates: 0, parsedChars: 0 };
  for (const span of spans.slice(0, MAX_JSON_CANDIDATES)) {
    work.candidates += 1;
    work.parsedChars += span.end + 1 - span.start;
    try {
      const parsed: unknown = JSON.parse(text.slice(span.start, span.end + 1));
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
        return { object: parsed as Record<string, unknown>, work };
      }
    } catch {
      // Prose with braces; the next candidate may be the answer.
    }
  }
  return { object: null, work };
}

/** The first outermost balanced `{...}` that parses as a JSON object, or null. */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  return scanJsonReply(text).object;
}
