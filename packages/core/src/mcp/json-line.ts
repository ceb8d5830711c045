// A message's JSON and a newline, as the bytes written to stdio, made without ever holding the whole JSON
// as one string. V8 places a string over 128 KB (64K characters once one of them is not Latin-1) in its
// large-object space; making one costs about 0.7 ms on the bench machine, against 20 µs under that size,
// and an answer's JSON is made once to write and once more as the client reads it. So the JSON is made in
// pieces of at most a few times PIECE characters, and when few of its characters are outside ASCII they are
// written as \u escapes: the client's line is then ASCII, one byte per character when decoded.

/** Characters per piece of JSON; a piece stays well under the large-object size. */
const PIECE = 16_384;

/** Escaping is worth it up to one non-ASCII character in this many (each escape adds at most 5 bytes). */
const ESCAPE_RATIO = 64;

/** The line's bytes: JSON.stringify(message)'s text, maybe with \u escapes, and "\n". `piece` is for tests. */
export function jsonLine(message: object, piece = PIECE): Buffer {
  const pieces = new Pieces(piece);
  write(message, pieces);
  const parts = pieces.finish();
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

/** Joins small strings up to about `size` characters each. */
class Pieces {
  readonly #done: string[] = [];
  #current = "";

  constructor(readonly size: number) {}

  add(text: string): void {
    this.#current += text;
    if (this.#current.length >= this.size) {
      this.#done.push(this.#current);
      this.#current = "";
    }
  }

  finish(): string[] {
    if (this.#current !== "") this.#done.push(this.#current);
    return this.#done;
  }
}

/** JSON.stringify's output for `value`, in pieces: small values whole, large containers member by member. */
function write(value: unknown, out: Pieces): void {
  if (typeof value === "string" && value.length > out.size) {
    writeLongString(value, out);
    return;
  }
  if (!splittable(value) || sizeWithin(value, out.size) >= 0) {
    out.add(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.add("[");
    value.forEach((member: unknown, i) => {
      if (i > 0) out.add(",");
      if (omitted(member)) out.add("null");
      else write(member, out);
    });
    out.add("]");
    return;
  }
  out.add("{");
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    if (omitted(member)) continue;
    out.add(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    write(member, out);
  }
  out.add("}");
}

/** A string's JSON a slice at a time; a slice never ends between the two halves of a surrogate pair. */
function writeLongString(text: string, out: Pieces): void {
  out.add('"');
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + out.size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && end - 1 > start && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.add(JSON.stringify(text.slice(start, end)).slice(1, -1));
    start = end;
  }
  out.add('"');
}

/** JSON.stringify leaves these out of an object and writes them as null in an array. */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/** A plain object or array, which this module writes member by member; anything else JSON.stringify writes. */
function splittable(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** What is left of `budget` after about the characters `value`'s JSON takes; negative once over it. */
function sizeWithin(value: unknown, budget: number): number {
  if (typeof value === "string") return budget - value.length - 2;
  if (value === null || typeof value !== "object") return budget - 16;
  let left = budget - 2;
  if (Array.isArray(value)) {
    for (const member of value) {
      left = sizeWithin(member, left - 1);
      if (left < 0) return left;
    }
    return left;
  }
  for (const key in value) {
    left = sizeWithin((value as Record<string, unknown>)[key], left - key.length - 4);
    if (left < 0) return left;
  }
  return left;
}
