import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chooseSources } from "./choose-sources.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const tempRoot = () => {
  const root = mkdtempSync(join(tmpdir(), "prd-sources-"));
  roots.push(root);
  return root;
};

describe("choosing where runs are grounded", () => {
  it("defaults to the external servers in a project without Archon", () => {
    const chosen = chooseSources(tempRoot(), {});
    expect([chosen.sources, chosen.archonDb, chosen.inProcess]).toEqual([
      { codebase: "external", memory: "external" },
      null,
      {},
    ]);
  });

  it("refuses --codebase archon without an Archon database, saying what to do", () => {
    const root = tempRoot();
    expect(() => chooseSources(root, { codebase: "archon" })).toThrow(
      expect.objectContaining({
        message: `--codebase archon needs the project's Archon database, and ${root}/.archon/archon.db does not exist.`,
        hint: expect.stringContaining("archon setup"),
      }),
    );
  });

  it("keeps none as none, whatever the project has", () => {
    const root = tempRoot();
    mkdirSync(join(root, ".archon"));
    writeFileSync(join(root, ".archon", "archon.db"), "");
    const chosen = chooseSources(root, { codebase: "none", memory: "none" });
    expect(chosen.sources).toEqual({ codebase: "none", memory: "none" });
    expect(chosen.archonDb).toBeNull();
  });
});
