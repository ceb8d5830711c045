import { describe, expect, it } from "vitest";
import { extractFile } from "./extract-symbols.js";

// Parses run in slices with turns of the event loop between them, so two can be under way at once.
const source = (prefix: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `export function ${prefix}${i}(a: number) { return ${prefix}${i + 1}(a + (a * 2)); }\n`,
  ).join("");

describe("two parses under way at once", () => {
  it("each give the symbols they give alone", async () => {
    // Large enough that each parse takes many slices, so the two interleave.
    const first = source("alpha", 8_000);
    const second = source("beta", 8_000);
    const alone = [await extractFile("src/first.ts", first), await extractFile("src/second.ts", second)];
    const together = await Promise.all([
      extractFile("src/first.ts", first),
      extractFile("src/second.ts", second),
    ]);
    expect(together).toEqual(alone);
    expect(alone.map((a) => (a && a !== "timed_out" ? a.symbols.length : 0))).toEqual([8_000, 8_000]);
  });
});
