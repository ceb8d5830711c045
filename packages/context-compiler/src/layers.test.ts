// The rules of the tree's shape, read from the sources: imports point down the floors, the team path is
// entered through its entries, and canonical knowledge has one writer.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The folders of src/ from the ground floor up: a module imports only from its own floor or below.
const FLOORS: readonly (readonly string[])[] = [
  [".", "vocabulary"],
  ["read"],
  ["store"],
  ["knowledge"],
  ["adapters"],
  ["init", "hooks", "migrate"],
  ["services", "code", "memory", "embeddings", "quality"],
  ["context"],
  ["grounding"],
  ["setup"],
  // The two pages read through store/ and knowledge/ like the tools do; the panel also embeds the graph.
  ["mcp", "graph"],
  ["webui", "team"],
  ["cli"],
];
/** Tests, their helpers and the bench sit beside the layers and may use any of them; nothing imports them. */
const BESIDE = new Set(["test-support", "bench"]);

const SRC = dirname(fileURLToPath(import.meta.url));
const floorOf = (folder: string) => FLOORS.findIndex((f) => f.includes(folder));
const folderOf = (file: string) => (file.includes("/") ? (file.split("/")[0] as string) : ".");

function sources(dir: string): string[] {
  return readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir === "" ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") && !e.name.includes(".test.") ? [path] : [];
  });
}

/** The relative imports of a source (static and dynamic), each as the path under src/ it names. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((match) =>
    relative(SRC, normalize(join(SRC, dirname(file), match[1] as string))),
  );
}

describe("imports point down the layers", () => {
  it("has no production module importing from a higher floor, or from tests and the bench", () => {
    const upward: string[] = [];
    for (const file of sources("")) {
      const from = folderOf(file);
      if (BESIDE.has(from)) continue;
      for (const path of importsOf(file)) {
        const target = folderOf(path);
        if (BESIDE.has(target) || floorOf(target) > floorOf(from)) upward.push(`${file} → ${path}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("places every folder of src/ on a floor", () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== "dist")
      .map((e) => e.name);
    expect(folders.filter((f) => !BESIDE.has(f) && floorOf(f) === -1)).toEqual([]);
  });
});

describe("the team path has one home with its entries", () => {
  it("is entered from outside team/ only through team/index.ts, or team/hooks.ts for the hooks", () => {
    const entries = new Set(["team/index.js", "team/hooks.js"]);
    const around = sources("").filter((file) => folderOf(file) !== "team" && !BESIDE.has(folderOf(file)));
    const inside = around.flatMap((file) =>
      importsOf(file)
        .filter((target) => folderOf(target) === "team" && !entries.has(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(inside).toEqual([]);
  });
});

describe("canonical knowledge has one writer", () => {
  it("calls the store's canonical commit from knowledge/approval/commit-knowledge.ts alone", () => {
    const writer = "knowledge/approval/commit-knowledge.ts";
    const store = "store/canonical-commit.ts";
    const around = sources("").filter((file) => file !== writer && file !== store);
    const direct = around.filter(
      (file) =>
        importsOf(file).includes("store/canonical-commit.js") ||
        /\b(?:commitCanonical|rehearseCanonical)\s*[(<]/.test(readFileSync(join(SRC, file), "utf8")),
    );
    expect(direct).toEqual([]);
  });
});
