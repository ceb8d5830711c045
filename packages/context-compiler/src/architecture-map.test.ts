// docs/architecture.md is the map of the tree as it is: it names every folder, floors the folders as
// layers.test.ts does, names only files that exist, and sends its reader nowhere outside the repository;
// the comments of .ci/run are held to the same paths.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));
const ROOT = join(SRC, "..", "..", "..");
const DOCS = join(ROOT, "docs");
const MAP = readFileSync(join(DOCS, "architecture.md"), "utf8");
const PACKAGES = ["core", "context-compiler", "prd-pipeline"];

/** The text of the map's first `## ` section whose heading names `packages/<name>/src`, up to the next one. */
function sectionOf(name: string): string {
  const sections = MAP.split(/^(?=## )/m);
  return sections.find((s) => s.split("\n")[0]?.includes(`\`packages/${name}/src\``)) ?? "";
}

/** Every span the map writes in backticks. */
const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);

/** FLOORS of layers.test.ts, read as text so that its tests do not run again here: one folder list a floor. */
function enforcedFloors(): string[][] {
  const source = readFileSync(join(SRC, "layers.test.ts"), "utf8");
  const literal = /const FLOORS[^=]*=\s*\[\n([\s\S]*?)\n\];/.exec(source)?.[1] ?? "";
  return literal
    .split("\n")
    .filter((line) => /^\s*\[/.test(line))
    .map((line) => [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string));
}

/** The map's floor table, floor by floor: its number, and its folders (files at the top of src/ as "."). */
function mappedFloors(): { floor: string; folders: string[] }[] {
  const rows = sectionOf("context-compiler")
    .split("\n")
    .filter((line) => /^\|\s*\d+\s*\|/.test(line));
  return rows.map((row) => {
    const [floor, folders] = row.split("|").slice(1, 3) as [string, string];
    const names = codeSpans(folders).map((name) => (name.endsWith("/") ? name.slice(0, -1) : "."));
    return { floor: floor.trim(), folders: [...new Set(names)] };
  });
}

/** Every folder under `dir`, at any depth, as the map writes it: relative to `dir`, with a trailing slash. */
function foldersUnder(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [`${prefix}${e.name}/`, ...foldersUnder(dir, `${prefix}${e.name}/`)]);
}

describe("the map names every folder of each package", () => {
  it.each(PACKAGES)("names every folder under packages/%s/src, at any depth, in its section", (name) => {
    const folders = foldersUnder(join(ROOT, "packages", name, "src"));
    const named = new Set(codeSpans(sectionOf(name)));
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });
});

describe("the map's floors are the floors layers.test.ts enforces", () => {
  it("lists the same floors, in the same order and numbering, each with the same folders", () => {
    const sorted = (folders: string[]) => [...folders].sort();
    const enforced = enforcedFloors().map((folders, floor) => ({
      floor: `${floor}`,
      folders: sorted(folders),
    }));
    const mapped = mappedFloors().map(({ floor, folders }) => ({ floor, folders: sorted(folders) }));
    expect(enforced.length).toBeGreaterThan(0);
    expect(mapped).toEqual(enforced);
  });
});

/** A file path as the map writes one: folders and a name with an extension, nothing else. */
const filePaths = (spans: string[]) =>
  spans.filter((span) => /^[\w.@-]+(\/[\w.@-]+)+$/.test(span) && /\.\w+$/.test(span));

/**
 * Whether a path names a file of this repository by the map's convention: from the root when its first
 * folder is one of the root's, else under context-compiler's src/; never a file the path climbs out to.
 */
function inRepository(path: string): boolean {
  const first = path.split("/")[0] as string;
  const fromRoot = existsSync(join(ROOT, first));
  const file = normalize(join(fromRoot ? ROOT : SRC, path));
  return !relative(ROOT, file).startsWith("..") && existsSync(file);
}

describe("the map names only files that exist", () => {
  it("finds each file path it writes in backticks, from the root or from context-compiler's src/", () => {
    const paths = filePaths(codeSpans(MAP));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !inRepository(path))).toEqual([]);
  });
});

describe("the CI script's comments name only files that exist", () => {
  it("finds each file path a comment of .ci/run names, by the map's convention", () => {
    const comments = readFileSync(join(ROOT, ".ci", "run"), "utf8")
      .split("\n")
      .filter((line) => /^\s*#/.test(line));
    const words = comments.flatMap((line) => line.split(/[\s(),:;]+/));
    const paths = filePaths(words.filter((word) => !word.startsWith("/")));
    expect(paths.filter((path) => !inRepository(path))).toEqual([]);
  });
});

describe("the map sends its reader nowhere outside the repository", () => {
  it("has no web address and no link or path that leaves the repository or leads nowhere", () => {
    const addresses = [...MAP.matchAll(/\b[a-z][\w+.-]*:\/\/\S+/gi)].map((m) => m[0]);
    const links = [...MAP.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => (m[1] as string).split("#")[0] as string);
    const brokenLinks = links.filter((target) => {
      const path = normalize(join(DOCS, target));
      return relative(ROOT, path).startsWith("..") || !existsSync(path);
    });
    const climbing = codeSpans(MAP).filter((span) => span.split("/").includes(".."));
    expect({ addresses, brokenLinks, climbing }).toEqual({ addresses: [], brokenLinks: [], climbing: [] });
  });
});
