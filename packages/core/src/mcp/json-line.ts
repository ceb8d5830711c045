// A message's JSON and a newline, as the bytes written to stdio. A large message's JSON is made in pieces
// (json-pieces.ts), so no 128 KB string is made on this side; and when few of its characters are outside
// ASCII they are written as \u escapes, so the client's line is ASCII, one byte per character when decoded,
// and not one such string on that side either. A small message is written as JSON.stringify makes it:
// both strings stay under the large-object size, and the piece writer's code is not run cold.
import { fitsIn, jsonPieces, PIECE } from "../json-pieces.js";

/** Up to this many characters a message's JSON is made whole: under 128 KB even at two bytes a character. */
const WHOLE = 32_768;

/** Escaping is worth it up to one non-ASCII character in this many (each escape adds at most 5 bytes). */
const ESCAPE_RATIO = 64;

/** The line's bytes: JSON.stringify(message)'s text, maybe with \u escapes, and "\n". `piece` is for tests. */
export function jsonLine(message: object, piece = PIECE): Buffer {
  if (fitsIn(message, WHOLE)) return utf8Line([JSON.stringify(message)]);
  const parts = jsonPieces(message, piece);
  let chars = 0;
  let outside = 0;
  for (const part of parts) {
    chars += part.length;
    if (NON_ASCII.test(part)) outside += part.match(NON_ASCII_ALL)?.length ?? 0;
  }
  if (outside > 0 && outside * ESCAPE_RATIO > chars) return utf8Line(parts);
  const ascii = outside === 0 ? parts : parts.map(escapeNonAscii);
  let length = 0;
  for (const part of ascii) length += part.length;
  const line = Buffer.allocUnsafe(length + 1);
  let offset = 0;
  for (const part of ascii) offset += line.write(part, offset, "latin1");
  line[offset] = 0x0a;
  return line;
}

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;

function escapeNonAscii(part: string): string {
  return part.replace(NON_ASCII_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function utf8Line(parts: readonly string[]): Buffer {
  const sizes = parts.map((part) => Buffer.byteLength(part, "utf8"));
  const line = Buffer.allocUnsafe(sizes.reduce((sum, size) => sum + size, 0) + 1);
  let offset = 0;
  for (const part of parts) offset += line.write(part, offset, "utf8");
  line[offset] = 0x0a;
  return line;
}
