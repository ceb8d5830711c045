import { describe, expect, it } from "vitest";
import { remember } from "./bounded-memo.js";

describe("remember", () => {
  it("computes a key's value once, and starts afresh when the cache is full", () => {
    const cache = new Map<string, number>();
    let computed = 0;
    const square = (n: number) =>
      remember(cache, String(n), 2, () => {
        computed += 1;
        return n * n;
      });
    expect([square(3), square(3), square(4)]).toEqual([9, 9, 16]);
    expect(computed).toBe(2);
    expect(square(5)).toBe(25);
    expect([...cache.keys()]).toEqual(["5"]);
    expect(square(3)).toBe(9);
    expect(computed).toBe(4);
  });
});
