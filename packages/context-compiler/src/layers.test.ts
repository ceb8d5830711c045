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
  ["webui", "team", "replica"],
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

describe("imports point down the layers", () => {
  it("has no production module importing from a higher floor, or from tests and the bench", () => {
    const upward: string[] = [];
    for (const file of sources("")) {
      const from = folderOf(file);
      if (BESIDE.has(from)) continue;
      const text = readFileSync(join(SRC, file), "utf8");
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
        const spec = match[1] as string;
        const target = folderOf(relative(SRC, normalize(join(SRC, dirname(file), spec))));
        if (BESIDE.has(target) || floorOf(target) > floorOf(from)) upward.push(`${file} → ${spec}`);
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
