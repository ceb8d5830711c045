import { describe, expect, it } from "vitest";
import { canonicalJson, sha256 } from "./canonical.js";
import { canonicalDigest } from "./canonical-digest.js";

/** The digest by its definition: the sha256 of the canonical JSON, made whole. */
const hashCanonical = (value: unknown) => sha256(canonicalJson(value));

/** A deterministic generator of JSON-like values: every shape the walk treats apart, at random depths. */
function values(count: number): unknown[] {
  let state = 7;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  const texts = [
    "",
    "plain",
    'quote " and backslash \\',
    "line\nbreak\ttab\u0001control",
    "é ü 漢字 😀",
    "lone \ud800 surrogate",
    `${"a rule's text, long enough to be kept once escaped. ".repeat(12)}"end"\n`,
    `${"😀 pairs across the length ".repeat(20)}`,
  ];
  const make = (depth: number): unknown => {
    const kind = next(depth > 3 ? 5 : 8);
    if (kind === 0) return texts[next(texts.length)];
    if (kind === 1) return [0, -1.5, 1e21, Number.NaN, 42][next(5)];
    if (kind === 2) return [true, false, null][next(3)];
    if (kind === 3) return undefined;
    if (kind === 4) return `${texts[next(texts.length)]}${next(1000)}`;
    if (kind === 5) return Array.from({ length: next(5) }, () => make(depth + 1));
    const keys = ["b", "a", "content", "doc_id", "Z", "é", "10", "2"];
    return Object.fromEntries(
      Array.from({ length: next(6) }, () => [keys[next(keys.length)], make(depth + 1)]),
    );
  };
  return Array.from({ length: count }, () => ({ root: make(0) }));
}

describe("the canonical digest is the sha256 of the canonical JSON", () => {
  it("gives the same hex for 2,000 generated values, and again when their long texts are already kept", () => {
    const generated = values(2000);
    const expected = generated.map((v) => hashCanonical(v));
    expect(generated.map((v) => canonicalDigest(v))).toEqual(expected);
    expect(generated.map((v) => canonicalDigest(v))).toEqual(expected);
  });

  it("tells apart shapes whose keys joined read the same", () => {
    const values = [{ "a\u0000b": 1 }, { a: 1, b: 2 }, { "a\u0000b": 3, c: 4 }, { a: 5, "b\u0000c": 6 }];
    expect(values.map((v) => canonicalDigest(v))).toEqual(values.map((v) => hashCanonical(v)));
  });

  it("writes undefined, functions and symbols as JSON.stringify does: left out of objects, null in arrays", () => {
    const value = {
      a: undefined,
      b: [undefined, () => 1, Symbol("s"), 1],
      c: () => 2,
      d: { e: Symbol("t") },
    };
    expect(canonicalDigest(value)).toBe(hashCanonical(value));
  });

  it("hashes a result of 200 inline texts of 2 KB each to the same digest", () => {
    const documents = Array.from({ length: 200 }, (_, i) => ({
      doc_id: `rule-${i}`,
      delivery: "inline",
      content: `# Rule ${i}\n${'Use "the repository" pattern.\n'.repeat(70)}`,
      relevance: i / 200,
    }));
    const outcome = { base: { documents, templates: [] }, budget: { inline_bytes: 409_600 }, warnings: [] };
    expect(canonicalDigest(outcome)).toBe(hashCanonical(outcome));
  });
});
