import { describe, expect, it } from "vitest";
import { globProblem, normalizeRepoPath, specificity, toRepoPath } from "./glob.js";

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
  });

  it("rejects paths that leave the project or name nothing", () => {
    expect(normalizeRepoPath("../secrets.txt")).toBeUndefined();
    expect(normalizeRepoPath("./")).toBeUndefined();
  });
});
