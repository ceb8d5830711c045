// Splits a byte stream into newline-terminated lines without ever holding more than one line's limit.

/** A line over the limit: only its size and its two ends are kept, to find the request it belonged to. */
export interface OversizedLine {
  bytes: number;
  head: string;
  tail: string;
}

export type ReadLine = { kind: "line"; text: string } | ({ kind: "oversized" } & OversizedLine);

/** How much of each end of an oversized line is kept: enough for `{"jsonrpc":"2.0","id":…` at either end. */
const END_BYTES = 1024;

export class LineReader {
  #parts: Buffer[] = [];
  #size = 0;
  /** Set while the current line is being discarded. */
  #oversized: { head: Buffer; tail: Buffer } | undefined;

  constructor(private readonly maxLineBytes: number) {}

  /** Feeds a chunk; returns the lines it completed, in order. */
  push(chunk: Buffer): ReadLine[] {
    const lines: ReadLine[] = [];
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#take(chunk.subarray(start, end));
      if (newline === -1) break;
      lines.push(this.#finish());
      start = newline + 1;
    }
    return lines;
  }

  clear(): void {
    this.#parts = [];
    this.#size = 0;
    this.#oversized = undefined;
  }

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    this.#size += piece.length;
    if (this.#oversized) {
      this.#oversized.tail = keepTail(this.#oversized.tail, piece);
      return;
    }
    if (this.#size <= this.maxLineBytes) {
      this.#parts.push(piece);
      return;
    }
    // From here on the line is only counted: its bytes are dropped as they arrive.
    const held = Buffer.concat([...this.#parts, piece]);
    this.#oversized = {
      head: Buffer.from(held.subarray(0, END_BYTES)),
      tail: keepTail(Buffer.alloc(0), held),
    };
    this.#parts = [];
  }

  #finish(): ReadLine {
    const size = this.#size;
    const oversized = this.#oversized;
    const text = oversized ? "" : Buffer.concat(this.#parts).toString("utf8").replace(/\r$/, "");
    this.clear();
    if (!oversized) return { kind: "line", text };
    return {
      kind: "oversized",
      bytes: size,
      head: oversized.head.toString("utf8"),
      tail: oversized.tail.toString("utf8").replace(/\r$/, ""),
    };
  }
}

const keepTail = (tail: Buffer, piece: Buffer): Buffer =>
  piece.length >= END_BYTES
    ? Buffer.from(piece.subarray(piece.length - END_BYTES))
    : Buffer.concat([tail, piece]).subarray(-END_BYTES);
