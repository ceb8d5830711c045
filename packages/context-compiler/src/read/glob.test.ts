import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fullGlobProblem,
  globProblem,
  makeMatcher,
  normalizeRepoPath,
  specificity,
  toRepoPath,
} from "./glob.js";

describe("specificity is computed from the pattern", () => {
  it("scores ** as 0, a glob segment as 1 and a literal as 2", () => {
    expect(specificity("src/api/client.ts")).toBe(6);
    expect(specificity("src/api/**")).toBe(4);
    expect(specificity("src/**")).toBe(2);
    expect(specificity("**/*.test.ts")).toBe(1);
    expect(specificity("src/**/*.{ts,tsx}")).toBe(3);
  });

  it("ranks the spec's three examples in order", () => {
    const ranked = ["src/**", "src/api/client.ts", "src/api/**"].sort(
      (a, b) => specificity(b) - specificity(a),
    );
    expect(ranked).toEqual(["src/api/client.ts", "src/api/**", "src/**"]);
  });
});

describe("globProblem names what is wrong with a glob", () => {
  it("accepts ordinary repo-relative globs", () => {
    for (const ok of ["src/**", "**/*.test.ts", "src/{api,server}/**", "docs/[a-z]*.md", "Makefile"]) {
      expect(globProblem(ok)).toBeUndefined();
    }
  });

  it("refuses empty, absolute, escaping, backslashed and unbalanced globs", () => {
    expect(globProblem("")).toBe("is empty");
    expect(globProblem("/etc/**")).toMatch(/absolute/);
    expect(globProblem("C:/src/**")).toMatch(/absolute/);
    expect(globProblem("../other/**")).toMatch(/'\.\.'/);
    expect(globProblem("src\\api\\**")).toMatch(/backslash/);
    expect(globProblem("src/{api,server/**")).toMatch(/unbalanced/);
  });
});

describe("globProblem refuses what archon cannot match as picomatch meant it, saying what to write", () => {
  it("accepts the wildcard runs that stalled the regex matcher, now matched in bounded time", () => {
    for (const ok of [
      "src/?*?*?*?*?*?*?*?*z",
      "**/*/**/*/**/*/**/*",
      "app/[id]/**",
      "!src/**",
      "./src/*",
      "*{a,}*",
    ]) {
      expect(globProblem(ok)).toBeUndefined();
    }
  });

  it("names the syntax outside the supported subset", () => {
    const refused = [
      `src/${"{a,b}".repeat(24)}/*.ts`,
      "src/@(a|b)/**",
      "src/{1..3}/**",
      "**.ts",
      "src/a**/x",
      "{**,a}b/x",
      "docs/[!a]*.md",
      "docs/[[:alpha:]]*.md",
      "src/a[b/c]d",
      "src//x",
      "src/",
      "!!src/**",
      "[a][b][c][d][e]",
    ];
    expect(refused.map((g) => [g, globProblem(g)])).toEqual([
      [refused[0], "expands to more than 256 globs; use fewer brace groups or a folder glob"],
      ["src/@(a|b)/**", "uses ( ) or an extglob such as @(a|b); write alternatives as {a,b}"],
      ["src/{1..3}/**", "uses a brace range such as {1..3}; list the values: {1,2,3}"],
      ["**.ts", "puts '**' inside a name; '**' is a whole segment: **/*.ts"],
      ["src/a**/x", "puts '**' inside a name; '**' is a whole segment: **/*.ts"],
      ["{**,a}b/x", "puts '**' inside a name; '**' is a whole segment: **/*.ts"],
      ["docs/[!a]*.md", "uses [!..]; write a negated class as [^..]"],
      ["docs/[[:alpha:]]*.md", "uses a '[' inside a class such as [[:alpha:]]; write the range: [a-zA-Z]"],
      ["src/a[b/c]d", "has a class [..] that does not close in its own folder"],
      ["src//x", "has an empty folder name (// or a trailing /)"],
      ["src/", "has an empty folder name (// or a trailing /)"],
      ["!!src/**", "starts with '!!'; write the glob without the double negation"],
      ["[a][b][c][d][e]", "has more than 4 classes [..] in one name"],
    ]);
  });

  it("gives a refused glob a matcher that matches nothing", () => {
    const bomb = makeMatcher(`src/${"{a,b}".repeat(24)}/*.ts`);
    expect([bomb("src/abababababababababababab/x.ts"), bomb("src/x.ts")]).toEqual([false, false]);
  });
});

describe("globProblem's answer for globs of names and stars", () => {
  it("is fullGlobProblem's, for any string of those characters and some others", () => {
    const piece = fc.constantFrom(
      "a",
      "B",
      "0",
      "_",
      "-",
      ".",
      "..",
      "*",
      "**",
      "***",
      "/",
      "//",
      "./",
      " ",
      "{",
      "!",
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (pieces) => {
        const glob = pieces.join("");
        expect(globProblem(glob)).toBe(fullGlobProblem(glob));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("normalizeRepoPath", () => {
  it("turns Windows and dotted paths into repo-relative forward-slash paths", () => {
    expect(normalizeRepoPath("src\\api\\users.ts")).toBe("src/api/users.ts");
    expect(normalizeRepoPath("./src//api/./users.ts")).toBe("src/api/users.ts");
    expect(normalizeRepoPath("src/api/../lib/x.ts")).toBe("src/lib/x.ts");
  });

  it("turns an absolute path inside the project into a repo-relative one, and refuses one outside", () => {
    expect(toRepoPath("/home/dev/shop", "/home/dev/shop/src/api/users.ts")).toBe("src/api/users.ts");
    expect(toRepoPath("/home/dev/shop", "src\\api\\users.ts")).toBe("src/api/users.ts");
    expect(toRepoPath("/home/dev/shop", "/home/dev/other/x.ts")).toBeUndefined();
    expect(toRepoPath("/home/dev/shop", "C:\\Users\\dev\\x.ts")).toBeUndefined();
    expect(toRepoPath("/home/dev/shop", "/home/dev/shop/..foo.md")).toBe("..foo.md");
    expect(toRepoPath("/home/dev/shop", "/home/dev/shop/../x.ts")).toBeUndefined();
  });

  it("rejects paths that leave the project or name nothing", () => {
    expect(normalizeRepoPath("../secrets.txt")).toBeUndefined();
    expect(normalizeRepoPath("./")).toBeUndefined();
  });
});
