// What `npm pack` puts in each package of the workspace: what runs, and none of the tests, fixtures,
// benchmarks, demos, source maps or build records that sit beside it in the checkout.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CHECKOUT = fileURLToPath(new URL("../../", import.meta.url));

interface Packed {
  name: string;
  files: { path: string }[];
}

/** `npm pack --dry-run --json` of every workspace: the packages as they would ship (npm run build first). */
function packedWorkspaces(): Packed[] {
  const out = execFileSync("npm", ["pack", "--workspaces", "--dry-run", "--json"], {
    cwd: CHECKOUT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out) as Packed[];
}

/** A file's top folder (dist/bundle/ for the bundles), or its name at the package's root. */
function topEntry(path: string): string {
  if (path.startsWith("dist/bundle/")) return "dist/bundle/";
  const slash = path.indexOf("/");
  return slash === -1 ? path : path.slice(0, slash + 1);
}

/** Development files by folder or name: none of them runs in an installed package. */
const DEVELOPMENT =
  /(^|\/)(test-support|bench|demo|e2e|fixtures?|__tests__)(\/|$)|\.(test|spec|fixture|e2e)\.|\.tsbuildinfo$|\.map$/;

describe("the packages npm pack makes", () => {
  const packed = packedWorkspaces();

  it("hold the commands, their bundles and the files they read, and nothing else", () => {
    const tops = Object.fromEntries(
      packed.map((p) => [p.name, [...new Set(p.files.map((f) => topEntry(f.path)))].sort()]),
    );
    expect(tops).toEqual({
      "@archon/core": ["dist/", "package.json"],
      archon: ["agents/", "bin/", "dist/bundle/", "package.json", "queries/", "skills/", "templates/"],
      "archon-prd": ["bin/", "dist/bundle/", "package.json", "skill/"],
    });
  });

  it("hold no test, fixture, benchmark, demo, end-to-end, source map or build-info file", () => {
    const development = packed.flatMap((p) =>
      p.files.filter((f) => DEVELOPMENT.test(f.path)).map((f) => `${p.name}: ${f.path}`),
    );
    expect(development).toEqual([]);
  });
});
