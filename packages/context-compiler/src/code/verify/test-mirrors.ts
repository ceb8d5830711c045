// Tests found by where they are and what they are called, as test runners' users lay them out: beside the
// file (`cart_test.go`, `cart.test.ts`, `__tests__/cart.test.js`), or under a test folder that mirrors the
// source folder (`test/unit/billing/invoice.test.js` for `lib/billing/invoice.js`, `tests/Unit/Billing/
// InvoiceTest.php` for `src/Billing/Invoice.php`, or any psr-4 folder composer.json maps). A Python tests
// folder mirrors a package without its name: `tests/test_cart.py` for `shop/cart.py` or `src/shop/cart.py`.
import { posix } from "node:path";
import { languageOf } from "../languages.js";

/** Folders that hold a project's sources, left out when a test folder mirrors them. */
const SOURCE_ROOTS = new Set(["src", "lib", "app", "source"]);
/** Folders that hold tests. */
const TEST_ROOTS = new Set(["test", "tests", "spec", "specs", "__tests__"]);
/** A test folder's first level often sorts tests by kind before mirroring the sources. */
const TEST_KINDS = new Set([
  "unit",
  "units",
  "integration",
  "functional",
  "feature",
  "features",
  "e2e",
  "spec",
  "specs",
  "acceptance",
]);

/** JavaScript and TypeScript test each other's files; other languages only their own. */
function family(path: string): string | undefined {
  const language = languageOf(path)?.language;
  return language === "typescript" || language === "javascript" ? "script" : language;
}

const stemOf = (path: string) => posix.basename(path).replace(/\.[^.]+$/, "");

/** A test file's name without its runner's marker: `cart.test`, `cart_test`, `test_cart`, `CartTest` → `cart`/`Cart`. */
function testStem(path: string): string {
  const stem = stemOf(path);
  switch (languageOf(path)?.language) {
    case "go":
      return stem.replace(/_test$/, "");
    case "python":
      return stem.replace(/^test_/, "").replace(/_test$/, "");
    case "php":
      return stem.replace(/Test$/, "");
    default:
      return stem.replace(/\.(test|spec)$/, "");
  }
}

const lower = (segment: string) => segment.toLowerCase();
const key = (fam: string, base: readonly string[], rest: readonly string[], stem: string) =>
  `${fam}|${base.join("/")}|${[...rest, stem].join("/")}`;

/** Where `folder` lies inside one of `mapped` (composer's psr-4 folders): the segments after it. */
function insideMapped(folder: string, mapped: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const root of mapped) {
    if (root === "") out.push(folder === "." ? [] : folder.split("/"));
    else if (folder === root) out.push([]);
    else if (folder.startsWith(`${root}/`)) out.push(folder.slice(root.length + 1).split("/"));
  }
  return out;
}

/** The places a source file may be mirrored at: beside it, and under each split of its folder into base and rest. */
export function sourceKeys(path: string, mapped: readonly string[]): string[] {
  const fam = family(path);
  if (fam === undefined) return [];
  const folder = posix.dirname(path);
  const segments = folder === "." ? [] : folder.split("/");
  const stem = stemOf(path);
  const keys = [`${fam}|beside|${folder}/${stem}`];
  for (let k = 0; k <= segments.length; k++) {
    const base = segments.slice(0, k);
    const rest = segments.slice(k);
    const inRoot = rest.length > 0 && SOURCE_ROOTS.has(lower(rest[0] as string)) ? rest.slice(1) : rest;
    keys.push(key(fam, base, rest, stem));
    if (inRoot !== rest) keys.push(key(fam, base, inRoot, stem));
    // pytest users name a test for the module, not its package: the package's own folder is left out.
    if (fam === "python" && inRoot.length > 0) keys.push(key(fam, base, inRoot.slice(1), stem));
  }
  for (const rest of insideMapped(folder, mapped)) keys.push(key(fam, ["psr-4"], rest, stem));
  return keys;
}

/** The places a test file mirrors: beside, and under each test folder on its path (after a kind folder). */
export function testKeys(path: string, mapped: readonly string[]): string[] {
  const fam = family(path);
  if (fam === undefined) return [];
  const folder = posix.dirname(path);
  const segments = folder === "." ? [] : folder.split("/");
  const stem = testStem(path);
  const besideFolder = segments.filter((s) => s !== "__tests__").join("/") || ".";
  const keys = [`${fam}|beside|${besideFolder}/${stem}`];
  const afterKind = (rest: string[]) =>
    rest.length > 0 && TEST_KINDS.has(lower(rest[0] as string)) ? [rest, rest.slice(1)] : [rest];
  segments.forEach((segment, i) => {
    if (!TEST_ROOTS.has(lower(segment))) return;
    for (const rest of afterKind(segments.slice(i + 1)))
      keys.push(key(fam, segments.slice(0, i), rest, stem));
  });
  for (const inside of insideMapped(folder, mapped))
    for (const rest of afterKind(inside)) keys.push(key(fam, ["psr-4"], rest, stem));
  return keys;
}

/** For each changed file, the tests among `tests` that mirror it, sorted. */
export function mirroredTests(
  changed: readonly string[],
  tests: readonly string[],
  mapped: readonly string[],
): Map<string, string[]> {
  const byKey = new Map<string, Set<string>>();
  for (const test of tests)
    for (const k of testKeys(test, mapped)) byKey.set(k, (byKey.get(k) ?? new Set()).add(test));
  const out = new Map<string, string[]>();
  for (const file of changed) {
    const found = new Set<string>();
    for (const k of sourceKeys(file, mapped)) for (const test of byKey.get(k) ?? []) found.add(test);
    found.delete(file);
    if (found.size > 0) out.set(file, [...found].sort());
  }
  return out;
}
