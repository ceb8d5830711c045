// A Go change reaches every test of its package (same package, no import needed), and a big package has
// dozens: listing them all buries the few a person would run first. Past GO_PACKAGE_TESTS_LISTED, only the
// best are kept (same-name test, then tests calling the changed functions, then co-change), the rest
// counted per package: `go test ./<package>` runs them all anyway.
import { posix } from "node:path";
import type { TestSignal } from "./affected-tests.js";

/**
 * Tests of one package listed for a change. Three: the same-name test and the one or two that call the
 * changed functions most are what a person runs before the whole package; more is the package's suite.
 */
export const GO_PACKAGE_TESTS_LISTED = 3;

export interface PackageTests {
  /** The package folder ("." at the root). */
  package: string;
  /** Its tests the change reaches only through the package, counted, not listed. */
  other_tests: number;
}

/** Why a test of the package is worth running first, beyond being in the package; higher first. */
function rank(folder: string, signals: readonly TestSignal[]): number[] {
  const has = (name: TestSignal["signal"]) => signals.some((s) => s.signal === name);
  const calls = signals.flatMap((s) => (s.signal === "calls" ? s.functions : []));
  const importsOther = signals.some((s) => s.signal === "imports" && posix.dirname(s.file) !== folder);
  const coChange = Math.max(0, ...signals.map((s) => (s.signal === "co_change" ? s.score : 0)));
  return [has("mirrors") ? 1 : 0, new Set(calls).size, coChange, importsOther ? 1 : 0];
}

function byRank(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] as number) - (a[i] as number);
  return 0;
}

/**
 * Cuts each changed package's tests in `found` to its best GO_PACKAGE_TESTS_LISTED (a test that changed
 * stays); returns the count left out per package, sorted by package.
 */
export function keepBestOfPackages(
  found: Map<string, TestSignal[]>,
  folders: Iterable<string>,
  goTests: ReadonlyMap<string, readonly string[]>,
): PackageTests[] {
  const out: PackageTests[] = [];
  for (const folder of [...folders].sort()) {
    const tests = (goTests.get(folder) ?? []).filter(
      (t) => !(found.get(t) ?? []).some((s) => s.signal === "changed"),
    );
    if (tests.length <= GO_PACKAGE_TESTS_LISTED) continue;
    const ranked = tests
      .map((path) => ({ path, rank: rank(folder, found.get(path) ?? []) }))
      .filter((t) => t.rank.some((r) => r > 0))
      .sort((a, b) => byRank(a.rank, b.rank) || (a.path < b.path ? -1 : 1));
    const kept = new Set(ranked.slice(0, GO_PACKAGE_TESTS_LISTED).map((t) => t.path));
    for (const test of tests) if (!kept.has(test)) found.delete(test);
    out.push({ package: folder, other_tests: tests.length - kept.size });
  }
  return out;
}
