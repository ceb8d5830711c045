import { describe, expect, it } from "vitest";
import { LineReader } from "./line-reader.js";

const bytes = (text: string) => Buffer.from(text, "utf8");

describe("a stream becomes lines whatever the chunking", () => {
  it("returns each complete line once, joined across chunks, without its newline or carriage return", () => {
    const reader = new LineReader(100);
    expect(reader.push(bytes('{"a":'))).toEqual([]);
    expect(reader.push(bytes('1}\r\n{"b":2}\n{"c"'))).toEqual([
      { kind: "line", text: '{"a":1}' },
      { kind: "line", text: '{"b":2}' },
    ]);
    expect(reader.push(bytes(":3}\n"))).toEqual([{ kind: "line", text: '{"c":3}' }]);
  });

  it("keeps a multi-byte character split between two chunks whole", () => {
    const reader = new LineReader(100);
    const line = bytes('{"t":"é"}\n');
    expect([...reader.push(line.subarray(0, 7)), ...reader.push(line.subarray(7))]).toEqual([
      { kind: "line", text: '{"t":"é"}' },
    ]);
  });
});

describe("a line over the limit is counted, not held", () => {
  it("reports its size and both ends, then reads the next line normally", () => {
    const reader = new LineReader(2048);
    const big = `{"jsonrpc":"2.0","params":{"plan":"${"x".repeat(5000)}"},"id":7}`;
    const out = [
      ...reader.push(bytes(big.slice(0, 1500))),
      ...reader.push(bytes(big.slice(1500, 4000))),
      ...reader.push(bytes(`${big.slice(4000)}\n{"ok":1}\n`)),
    ];
    expect(out).toEqual([
      { kind: "oversized", bytes: big.length, head: big.slice(0, 1024), tail: big.slice(-1024) },
      { kind: "line", text: '{"ok":1}' },
    ]);
  });

  it("treats a line of exactly the limit as a line", () => {
    const reader = new LineReader(10);
    expect(reader.push(bytes("0123456789\n01234567890\n"))).toEqual([
      { kind: "line", text: "0123456789" },
      { kind: "oversized", bytes: 11, head: "01234567890", tail: "01234567890" },
    ]);
  });
});
