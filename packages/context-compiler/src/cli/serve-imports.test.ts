import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));
/** Packages only some tools need: each loads where it is first used, never while a server starts. */
const ON_FIRST_USE = ["diff", "picomatch", "sqlite-vec", "web-tree-sitter", "yaml"];
const IMPORT =
  /^\s*(?:import|export)(?!\s+type\b)\s[^'"]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;

/** Our own core package is walked through too: what its index imports, every command loads. */
const CORE: Record<string, string> = {
  "@archon/core": "../../core/src/index.ts",
  "@archon/core/server": "../../core/src/server.ts",
  "@archon/core/files": "../../core/src/files.ts",
};

/** The packages a module's value imports reach, with the first module that imports each. */
function packagesReached(entry: string): Map<string, string> {
  const seen = new Set([entry]);
  const queue = [entry];
  const reached = new Map<string, string>();
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const m of readFileSync(join(SRC, file), "utf8").matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2]) as string;
      const core = CORE[spec];
      if (spec.startsWith(".") || core !== undefined) {
        const target = core ?? relative(SRC, join(SRC, dirname(file), spec.replace(/\.js$/, ".ts")));
        if (existsSync(join(SRC, target)) && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      } else {
        const name = spec.startsWith("@")
          ? spec.split("/").slice(0, 2).join("/")
          : (spec.split("/")[0] as string);
        if (!reached.has(name)) reached.set(name, file);
      }
    }
  }
  return reached;
}

describe("what a server loads before it answers", () => {
  it("imports none of the packages that only some tools need, from `archon` on stdio or the seed command", () => {
    for (const entry of ["cli/serve.ts", "cli/seed.command.ts"]) {
      const reached = packagesReached(entry);
      expect({
        entry,
        eager: ON_FIRST_USE.filter((p) => reached.has(p)).map((p) => `${p} from ${reached.get(p)}`),
      }).toEqual({
        entry,
        eager: [],
      });
    }
  });
});

describe("what a hook loads", () => {
  it("starts its deadline child, and records a read, from node: built-ins alone; the child never loads the MCP SDK", () => {
    for (const entry of ["cli/hook-deadline.ts", "hooks/record-read-hook.ts"]) {
      const packages = [...packagesReached(entry).keys()].filter((p) => !p.startsWith("node:"));
      expect({ entry, packages }).toEqual({ entry, packages: [] });
    }
    for (const entry of [
      "cli/sync-rules.command.ts",
      "cli/reindex-symbols.command.ts",
      "cli/verify-cache.command.ts",
    ]) {
      const reached = packagesReached(entry);
      expect({ entry, sdk: reached.get("@modelcontextprotocol/sdk") }).toEqual({ entry, sdk: undefined });
    }
  });
});
