import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeMatcher } from "./glob.js";
import { GlobIndex } from "./glob-index.js";

const PATTERNS = [
  "src/**",
  "src/api/**",
  "src/api/*.ts",
  "src/api/client.ts",
  "**/*.test.ts",
  "**/*.{ts,tsx}",
  "src/**/*.{ts,tsx}",
  "src/*/routes/**",
  "tests/e2e/**",
  "**/*.spec.ts",
  ".github/**",
  "**/*.yml",
  "docs/[a-c]*.md",
  "src/components/**/*.tsx",
  "Makefile",
  "*",
  "**",
  "src/**/{a,}*",
];

const segment = fc.constantFrom(
  "src",
  "api",
  "server",
  "routes",
  "components",
  "tests",
  "e2e",
  "docs",
  ".github",
  "ui",
  "lib",
);
const file = fc.constantFrom(
  "client.ts",
  "users.ts",
  "a.test.ts",
  "b.spec.ts",
  "Button.tsx",
  "ci.yml",
  "alpha.md",
  "Makefile",
  "x",
  // Files named as folders are: `src/**` matches `src` itself.
  "src",
  "api",
);
const path = fc.tuple(fc.array(segment, { maxLength: 4 }), file).map(([dirs, f]) => [...dirs, f].join("/"));

describe("the glob index finds exactly the patterns a full scan would", () => {
  const index = new GlobIndex<string>();
  for (const p of PATTERNS) index.add(p, p);
  const matchers = PATTERNS.map((p) => [p, makeMatcher(p)] as const);

  it("agrees with matching every pattern against every path", () => {
    fc.assert(
      fc.property(path, (p) => {
        const fromIndex = index
          .match(p)
          .map((h) => h.pattern)
          .sort();
        const fromScan = matchers
          .filter(([, m]) => m(p))
          .map(([pattern]) => pattern)
          .sort();
        expect(fromIndex).toEqual(fromScan);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps every item added under the same pattern", () => {
    const multi = new GlobIndex<number>();
    multi.add("src/**", 1);
    multi.add("src/**", 2);
    expect(multi.match("src/a.ts")).toEqual([{ pattern: "src/**", items: [1, 2] }]);
    expect(multi.size).toBe(1);
  });
});

describe("near misses", () => {
  it("lists patterns close to a path that do not match it, nearest folders first", () => {
    const index = new GlobIndex<string>();
    for (const p of ["src/apis/**", "src/api/*.tsx", "src/api/**", "lib/**"]) index.add(p, p);
    const misses = index.nearMisses("src/api/users.ts", 10).map((m) => m.pattern);
    expect(misses).toEqual(["src/api/*.tsx", "src/apis/**", "lib/**"]);
  });

  it("ranks thirty globs by closeness to the target and returns only the closest", () => {
    const near = [
      "src/api/users/*.tsx",
      "src/api/users/admin/**",
      "src/api/*.md",
      "src/api/user/**",
      "src/api/orders/**",
      "src/apis/**",
    ];
    const far = Array.from({ length: 22 }, (_, i) => `lib/m${String(i).padStart(2, "0")}/**`);
    const matching = ["src/**", "src/api/users/*.ts"];
    const index = new GlobIndex<string>();
    // Added far ones first and the near ones backwards, so the order cannot come from insertion.
    for (const p of [...far, ...matching, ...[...near].reverse()]) index.add(p, p);
    expect(index.size).toBe(30);
    expect(index.nearMisses("src/api/users/list.ts", 8).map((m) => m.pattern)).toEqual([
      ...near,
      "lib/m00/**",
      "lib/m01/**",
    ]);
  });

  it("breaks ties by pattern text, whatever the order the patterns were added in", () => {
    const forward = new GlobIndex<string>();
    const backward = new GlobIndex<string>();
    const patterns = ["src/b/**", "src/a/**", "src/c/**"];
    for (const p of patterns) forward.add(p, p);
    for (const p of [...patterns].reverse()) backward.add(p, p);
    const order = (index: GlobIndex<string>) => index.nearMisses("src/x/y.ts", 3).map((m) => m.pattern);
    expect(order(forward)).toEqual(["src/a/**", "src/b/**", "src/c/**"]);
    expect(order(backward)).toEqual(order(forward));
  });

  it("stops at the limit", () => {
    const index = new GlobIndex<string>();
    for (let i = 0; i < 50; i++) index.add(`src/m${i}/**`, String(i));
    expect(index.nearMisses("src/x.ts", 5)).toHaveLength(5);
  });
});

describe("a glob stored before globs were checked", () => {
  it("is set aside with its problem, matches nothing and is never tried", () => {
    const index = new GlobIndex<string>();
    const bomb = `src/${"{a,b}".repeat(24)}/*.ts`;
    index.add(bomb, "bomb");
    index.add("src/@(a|b)/**", "extglob");
    index.add("src/**", "fine");
    expect({
      match: index.match("src/a/x.ts"),
      nearMisses: index.nearMisses("lib/x.ts", 5),
      entries: index.entries().map((e) => e.pattern),
      refused: index.refused(),
    }).toEqual({
      match: [{ pattern: "src/**", items: ["fine"] }],
      nearMisses: [{ pattern: "src/**", items: ["fine"] }],
      entries: ["src/**"],
      refused: [
        {
          pattern: "src/@(a|b)/**",
          problem: "uses ( ) or an extglob such as @(a|b); write alternatives as {a,b}",
        },
        { pattern: bomb, problem: "expands to more than 256 globs; use fewer brace groups or a folder glob" },
      ],
    });
  });
});

describe("remembered answers", () => {
  it("are the same answers again, and a pattern added since is counted in them", () => {
    const index = new GlobIndex<string>();
    index.add("src/api/**", "a");
    index.add("src/apis/**", "b");
    const path = "src/api/users.ts";
    const first = { match: index.match(path), near: index.nearMisses(path, 5) };
    expect(index.match(path)).toEqual(first.match);
    expect(index.nearMisses(path, 5)).toEqual(first.near);
    expect(first.match.map((h) => h.pattern)).toEqual(["src/api/**"]);
    expect(first.near.map((h) => h.pattern)).toEqual(["src/apis/**"]);
    index.add("src/**/*.ts", "c");
    index.add("src/app/**", "d");
    expect(index.match(path).map((h) => h.pattern)).toEqual(["src/**/*.ts", "src/api/**"]);
    expect(index.nearMisses(path, 5).map((h) => h.pattern)).toEqual(["src/apis/**", "src/app/**"]);
    // A limit is part of the question.
    expect(index.nearMisses(path, 1).map((h) => h.pattern)).toEqual(["src/apis/**"]);
  });
});
