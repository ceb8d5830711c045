// The JSON-RPC id of a request too large to parse, found in the bytes kept from either end of its line.
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?=[\s,}])/;
/**
 * `"id": <value>` as the last member of the object the line closes. The `,` or `{` before it cannot sit
 * inside a string next to an unescaped quote, so this is a key of the top-level object, never a value.
 */
const LAST_MEMBER_ID = /[{,]\s*"id"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

/** The request's id, or null when neither end shows it (JSON-RPC answers such a request with id null). */
export function findRequestId(head: string, tail: string): RequestId | null {
  const fromHead = idFromHead(head);
  if (fromHead !== undefined) return fromHead;
  const last = LAST_MEMBER_ID.exec(tail)?.[1];
  return (last === undefined ? undefined : decode(last)) ?? null;
}

/** Walks the start of the line as JSON, looking only at the top-level object's keys. */
function idFromHead(head: string): RequestId | undefined {
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '"') {
      const end = stringEnd(head, i);
      if (end === -1) return undefined;
      if (depth === 1 && expectKey) {
        const colon = skipSpace(head, end + 1);
        if (head[colon] !== ":") return undefined;
        if (decode(head.slice(i, end + 1)) === "id") return scalarAt(head, skipSpace(head, colon + 1));
        expectKey = false;
        i = colon;
      } else i = end;
    } else if (c === "{" || c === "[") {
      depth++;
      expectKey = c === "{" && depth === 1;
    } else if (c === "}" || c === "]") depth--;
    else if (c === "," && depth === 1) expectKey = true;
  }
  return undefined;
}

function scalarAt(text: string, at: number): RequestId | undefined {
  if (text[at] === '"') {
    const end = stringEnd(text, at);
    return end === -1 ? undefined : decode(text.slice(at, end + 1));
  }
  const number = NUMBER.exec(text.slice(at, at + 40))?.[0];
  return number === undefined ? undefined : Number(number);
}

/** A JSON string or number token; undefined when it is not valid JSON (a bad escape, say). */
function decode(token: string): RequestId | undefined {
  try {
    return JSON.parse(token) as RequestId;
  } catch {
    return undefined;
  }
}

/** Index of the quote closing the string opened at `start`, or -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}
