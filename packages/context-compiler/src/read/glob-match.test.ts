import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { globProblem, makeMatcher } from "./glob.js";
import { compileAlternatives, matchCompiled, type StepMeter } from "./glob-match.js";

/** The steps of matching `path` against every alternative of `pattern`, counted by the matcher itself. */
function stepsOf(pattern: string, path: string): { matched: boolean; steps: number; bound: number } {
  const meter: StepMeter = { steps: 0 };
  let matched = false;
  let bound = 0;
  for (const glob of compileAlternatives(pattern) ?? []) {
    matched = matchCompiled(glob, path, meter) || matched;
    // Every (token, character) and (segment, path segment) pair is tried at most once.
    bound += 2 * (pattern.length + 2) * (path.length + 1);
  }
  return { matched, steps: meter.steps, bound };
}

const name = (chars: string, max: number) =>
  fc
    .array(fc.constantFrom(...chars), { minLength: 1, maxLength: max })
    .map((cs) => cs.join(""))
    .filter((s) => s !== "." && s !== "..");
const pathOf = (chars: string, segments: number, length: number) =>
  fc.array(name(chars, length), { minLength: 1, maxLength: segments }).map((s) => s.join("/"));

const globSegment = fc.oneof(
  { weight: 1, arbitrary: fc.constant("**") },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.constantFrom("a", "b", ".", "*", "?", "[ab]", "[^a]", "[a-b]", "{a,b}", "{a,}"), {
        minLength: 1,
        maxLength: 4,
      })
      .map((ts) => ts.join("")),
  },
);
const smallGlob = fc
  .tuple(fc.boolean(), fc.array(globSegment, { minLength: 1, maxLength: 4 }))
  .map(([negated, segments]) => `${negated ? "!" : ""}${segments.join("/")}`)
  .filter((g) => globProblem(g) === undefined);

describe("matching keeps picomatch's meaning (dot: true) on the globs archon accepts", () => {
  it("gives picomatch's answer for generated globs and repo paths", () => {
    fc.assert(
      fc.property(smallGlob, pathOf("ab.[]^-", 4, 4), (glob, path) => {
        expect(makeMatcher(glob)(path)).toBe(picomatch(glob, { dot: true })(path));
      }),
      { numRuns: 3000 },
    );
  });

  it("matches the folder before a last name that may be empty, as picomatch did, and nothing more", () => {
    // Found by the property above (seed 1472174987): picomatch let `x/**\/{a,}*` match `x`.
    const cases = [
      ["x/**/{a,}*", "x"],
      ["x/y/**/{a,}*", "x/y"],
      ["{a,b}/**/{,a}*", "b"],
      ["x*/**/{,a}*", "xy"],
      ["x/**/{a,b}*", "x"],
      ["x/**/*{a,}", "x"],
      ["x/**/{a,}*.ts", "x"],
      ["x/**/{a,}*/y", "x/y"],
      ["!x/**/{a,}*", "x"],
    ] as const;
    expect(cases.map(([glob, path]) => makeMatcher(glob)(path))).toEqual(
      cases.map(([glob, path]) => picomatch(glob, { dot: true })(path)),
    );
    expect(cases.map(([glob, path]) => makeMatcher(glob)(path))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("matches hidden folders, the folder a trailing ** hangs from (not after a star), a class's own text, and a leading ./", () => {
    const cases = [
      ["**", ".github/workflows/ci.yml"],
      ["src/**", "src"],
      ["**/a.ts", "a.ts"],
      ["src/**/x.ts", "src/x.ts"],
      ["./src/*", "src/a.ts"],
      ["!src/**", "lib/a.ts"],
      ["app/[id]/**", "app/[id]/page.tsx"],
      ["src/*", "src"],
      ["src/*.ts", "src/api/a.ts"],
      ["*/**", "src"],
    ] as const;
    expect(cases.map(([glob, path]) => [glob, path, makeMatcher(glob)(path)])).toEqual([
      ["**", ".github/workflows/ci.yml", true],
      ["src/**", "src", true],
      ["**/a.ts", "a.ts", true],
      ["src/**/x.ts", "src/x.ts", true],
      ["./src/*", "src/a.ts", true],
      ["!src/**", "lib/a.ts", true],
      ["app/[id]/**", "app/[id]/page.tsx", true],
      ["src/*", "src", false],
      ["src/*.ts", "src/api/a.ts", false],
      ["*/**", "src", false],
    ]);
  });
});

describe("the work of one match is bounded by the glob's length times the path's", () => {
  const starry = fc
    .array(fc.constantFrom("*", "?", "a", "z", "/", "**/", "/**"), { minLength: 1, maxLength: 30 })
    .map((ts) => ts.join(""))
    .filter((g) => globProblem(g) === undefined);

  it("stays within the bound for generated wildcard-heavy globs against long paths", () => {
    fc.assert(
      fc.property(starry, pathOf("aaz", 12, 12), (glob, path) => {
        const { steps, bound } = stepsOf(glob, path);
        expect(steps).toBeLessThanOrEqual(bound);
      }),
      { numRuns: 2000 },
    );
  });

  it("answers the globs that stalled the server within the bound", () => {
    const deep = Array.from({ length: 30 }, (_, i) => `d${i}`).join("/");
    const attacks = [
      ["src/?*?*?*?*?*?*?*?*z", `src/${"a".repeat(64)}`],
      ["**/*/**/*/**/*/**/*/**/*/**/*/**/*/**/*", `${deep}/x.ts`],
      ["**/a*a*a*a*a*a*a*a*a*a*b", `${"a/".repeat(20)}${"a".repeat(60)}`],
    ] as const;
    const results = attacks.map(([glob, path]) => {
      const { matched, steps, bound } = stepsOf(glob, path);
      return { glob, matched, withinBound: steps <= bound };
    });
    expect(results).toEqual([
      { glob: attacks[0][0], matched: false, withinBound: true },
      { glob: attacks[1][0], matched: true, withinBound: true },
      { glob: attacks[2][0], matched: false, withinBound: true },
    ]);
  });
});
