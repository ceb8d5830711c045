// Tests to run first for a change: those that changed, those that import a changed file (one hop, from the
// symbol index; Go tests of the same package need no import), those named and placed to mirror it, those
// calling its Go functions, and those git history changes together with it. "Run these first", never "only
// these": a test reaching the change two imports away is not listed. A big Go package's tests are cut to
// its best few, the rest counted (see go-package-tests.ts).
import { posix } from "node:path";
import { resolveProjectFile } from "../../knowledge/project-path.js";
import type { ImportRow } from "../../store/symbols.js";
import { MAX_AFFECTED_TESTS } from "../limits.js";
import { coChanges } from "./co-change.js";
import { keepBestOfPackages, type PackageTests } from "./go-package-tests.js";
import { isTestFile } from "./test-files.js";
import { mirroredTests } from "./test-mirrors.js";

export type TestSignal =
  | { signal: "changed" }
  | { signal: "imports"; file: string; line: number }
  | { signal: "mirrors"; file: string }
  | { signal: "calls"; file: string; functions: string[] }
  | { signal: "same_package"; file: string }
  | { signal: "co_change"; file: string; together: number; score: number };

export interface AffectedTest {
  path: string;
  /** 1 for each static signal (changed, imports, mirrors, calls, same package) plus the best co-change score. */
  score: number;
  signals: TestSignal[];
}

export interface AffectedTestsInput {
  root: string;
  changed: readonly string[];
  /** Imports (from the index) whose resolved path is one of `targets`. */
  importers(targets: readonly string[]): ImportRow[];
  /** The indexed test files, sorted by path. */
  tests: readonly string[];
  /** The test files calling functions of a changed Go file (bound call edges of the index), with their names. */
  callers(file: string): Map<string, string[]>;
  /** Folders composer.json maps namespaces to, where a test mirrors its class's path. */
  mappedFolders: readonly string[];
}

export interface AffectedTests {
  tests: AffectedTest[];
  truncated: boolean;
  /** Go packages whose other tests were counted rather than listed. */
  packages: PackageTests[];
}

/** Whether `path` is a file of the project now: present, and not a link that leads out of it. */
function isProjectFile(root: string, path: string): boolean {
  try {
    resolveProjectFile(root, path);
    return true;
  } catch {
    return false;
  }
}

export function affectedTests(input: AffectedTestsInput): AffectedTests {
  const found = new Map<string, TestSignal[]>();
  const add = (path: string, signal: TestSignal) => found.set(path, [...(found.get(path) ?? []), signal]);
  const changed = new Set(input.changed);
  for (const path of input.changed) if (isTestFile(path)) add(path, { signal: "changed" });

  const goFolders = new Map<string, string>();
  for (const path of input.changed) if (path.endsWith(".go")) goFolders.set(posix.dirname(path), path);
  const targets = [...input.changed, ...goFolders.keys()];
  for (const imp of input.importers(targets)) {
    if (!isTestFile(imp.path) || imp.resolved_path === null) continue;
    const file = changed.has(imp.resolved_path)
      ? imp.resolved_path
      : (goFolders.get(imp.resolved_path) ?? imp.resolved_path);
    add(imp.path, { signal: "imports", file, line: imp.line });
  }
  const sources = input.changed.filter((p) => !isTestFile(p));
  for (const [file, tests] of mirroredTests(sources, input.tests, input.mappedFolders))
    for (const test of tests) if (!changed.has(test)) add(test, { signal: "mirrors", file });
  for (const file of sources.filter((p) => p.endsWith(".go")))
    for (const [test, functions] of input.callers(file))
      if (!changed.has(test)) add(test, { signal: "calls", file, functions });
  const goTests = new Map<string, string[]>();
  for (const test of input.tests.filter((t) => t.endsWith(".go")))
    goTests.set(posix.dirname(test), [...(goTests.get(posix.dirname(test)) ?? []), test]);
  for (const [folder, file] of goFolders)
    for (const test of goTests.get(folder) ?? [])
      if (!changed.has(test)) add(test, { signal: "same_package", file });

  const history = coChanges(input.root, input.changed, (p) => isTestFile(p) && isProjectFile(input.root, p));
  const bestCo = new Map<string, number>();
  for (const c of history) {
    add(c.partner, { signal: "co_change", file: c.file, together: c.together, score: c.score });
    bestCo.set(c.partner, Math.max(bestCo.get(c.partner) ?? 0, c.score));
  }
  const packages = keepBestOfPackages(found, goFolders.keys(), goTests);

  const tests = [...found].map(([path, signals]) => {
    const statics = new Set(signals.filter((s) => s.signal !== "co_change").map((s) => s.signal)).size;
    return {
      path,
      score: Math.round((statics + (bestCo.get(path) ?? 0)) * 1000) / 1000,
      signals: signals.sort(bySignal),
    };
  });
  tests.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
  return {
    tests: tests.slice(0, MAX_AFFECTED_TESTS),
    truncated: tests.length > MAX_AFFECTED_TESTS,
    packages,
  };
}

const ORDER = { changed: 0, imports: 1, mirrors: 2, calls: 3, same_package: 4, co_change: 5 } as const;
function bySignal(a: TestSignal, b: TestSignal): number {
  const file = (s: TestSignal) => ("file" in s ? s.file : "");
  return ORDER[a.signal] - ORDER[b.signal] || (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : 0);
}
