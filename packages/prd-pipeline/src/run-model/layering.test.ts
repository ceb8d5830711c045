// The layering of the run model and the engine, read from the import lines of the package's sources.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));

/** Every production source, as a path relative to src/. */
function sources(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [relative(SRC, path)] : [];
  });
}

/** The package-internal modules a source imports (static, re-exported or dynamic), relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)"(\.[^"]+)"/gm)].map(
    (m) => m[1] ?? "",
  );
  return specifiers.map((s) => relative(SRC, join(SRC, dirname(file), s)).replace(/\.js$/, ".ts"));
}

const folderOf = (file: string) => file.split("/")[0] ?? "";
const edges = sources().flatMap((from) => importsOf(from).map((to) => ({ from, to })));

describe("imports point down from the run model and the engine", () => {
  it("no run-model file imports an engine file, or anything else above the model", () => {
    const above = new Set(["engine", "steps", "mcp", "cli", "demo", "e2e"]);
    const up = edges.filter((e) => folderOf(e.from) === "run-model" && above.has(folderOf(e.to)));
    expect(up).toEqual([]);
  });

  it("the run model builds only on the PRD vocabulary, which never imports the model back", () => {
    const floor = edges
      .filter((e) => folderOf(e.from) === "run-model" && folderOf(e.to) !== "run-model")
      .map((e) => e.to);
    expect([...new Set(floor)].sort()).toEqual([
      "sections/contexts.ts",
      "sections/recall.ts",
      "sections/section-catalogue.ts",
      "validation/types.ts",
      "validation/validate-document.ts",
      "verification/policy.ts",
      "verification/types.ts",
    ]);
    const back = edges.filter((e) => floor.includes(e.from) && folderOf(e.to) === "run-model");
    expect(back).toEqual([]);
  });

  it("only the surfaces (mcp, cli, demo) import the engine", () => {
    const allowed = new Set(["engine", "mcp", "cli", "demo"]);
    const into = edges.filter((e) => folderOf(e.to) === "engine" && !allowed.has(folderOf(e.from)));
    expect(into).toEqual([]);
  });
});
