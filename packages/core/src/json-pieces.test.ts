import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonPieces, PIECE } from "./json-pieces.js";

const utf8 = (pieces: readonly string[]) => Buffer.concat(pieces.map((p) => Buffer.from(p, "utf8")));

describe("jsonPieces", () => {
  it("joins to JSON.stringify's text, with the same UTF-8 bytes, for any value and piece size", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), fc.integer({ min: 1, max: 64 }), (value, size) => {
        const pieces = jsonPieces(value, size);
        expect(pieces.join("")).toBe(JSON.stringify(value));
        expect(utf8(pieces).equals(Buffer.from(JSON.stringify(value), "utf8"))).toBe(true);
      }),
    );
  });

  it("leaves out what JSON.stringify leaves out, member by member as well as whole", () => {
    const value = {
      id: 1,
      skip: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Symbol("s"), null, Number.NaN, new Date(0)],
      bare: Object.assign(Object.create(null), { a: 1 }),
      custom: { toJSON: () => "custom" },
    };
    for (const size of [1, 4, PIECE]) expect(jsonPieces(value, size).join("")).toBe(JSON.stringify(value));
    expect(jsonPieces(undefined)).toEqual([]);
  });

  it("never ends a piece inside a surrogate pair", () => {
    const value = { text: "🚀a".repeat(40) };
    for (const size of [1, 2, 3, 5]) {
      const pieces = jsonPieces(value, size);
      expect(utf8(pieces).equals(Buffer.from(JSON.stringify(value), "utf8"))).toBe(true);
      for (const piece of pieces) expect(/[\ud800-\udbff]$/.test(piece)).toBe(false);
    }
  });

  it("keeps every piece of a broad value small, a long string included", () => {
    const value = {
      documents: Array.from({ length: 2_000 }, (_, i) => ({ id: `doc-${i}`, content: "é".repeat(300) })),
      text: "rendered · text\n".repeat(40_000),
    };
    const pieces = jsonPieces(value);
    expect(pieces.join("")).toBe(JSON.stringify(value));
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(4 * PIECE);
  });
});
