// The bundles the commands' bin/ scripts run (bundle.mjs, made by `npm run build`): every import a bundle
// leaves to Node resolves from where it sits, and the command runs our modules from it, not from dist/.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const packageDir = (name: string) => fileURLToPath(new URL(`../packages/${name}/`, import.meta.url));

const COMMANDS = [
  {
    bin: "archon",
    dir: packageDir("context-compiler"),
    entries: ["main.js", "hook-deadline.js", "record-read-hook.js", "audit-worker.js"],
  },
  { bin: "archon-prd", dir: packageDir("prd-pipeline"), entries: ["main.js"] },
];

/** The bare specifiers a bundle file imports: static imports and exports, and dynamic imports of a literal. */
function bareImports(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /^(?:import|export)\b[^;"]*?\bfrom\s*"([^"\s]+)"/gm,
    /^import\s*"([^"\s]+)"/gm,
    /\bimport\(\s*"([^"\s]+)"\s*\)/g,
  ];
  for (const m of patterns.flatMap((pattern) => [...source.matchAll(pattern)])) {
    const specifier = m[1] as string;
    if (!specifier.startsWith(".") && !isBuiltin(specifier)) found.add(specifier);
  }
  return [...found];
}

describe.each(COMMANDS)("the bundle of $bin", ({ bin, dir, entries }) => {
  const BUNDLE = join(dir, "dist", "bundle");
  it("leaves only imports that resolve from dist/bundle/", () => {
    const files = readdirSync(BUNDLE).filter((f) => f.endsWith(".js"));
    expect(files).toEqual(expect.arrayContaining(entries));
    const resolveFrom = createRequire(join(BUNDLE, "main.js"));
    const unresolved: string[] = [];
    const specifiers = new Set(files.flatMap((f) => bareImports(readFileSync(join(BUNDLE, f), "utf8"))));
    for (const specifier of specifiers) {
      try {
        resolveFrom.resolve(specifier);
      } catch {
        // An ESM-only package has no require condition; its package.json is still found.
        try {
          resolveFrom.resolve(
            `${specifier
              .split("/")
              .slice(0, specifier.startsWith("@") ? 2 : 1)
              .join("/")}/package.json`,
          );
        } catch {
          unresolved.push(specifier);
        }
      }
    }
    expect(specifiers.size).toBeGreaterThan(0);
    expect(unresolved).toEqual([]);
  });

  it("is what its bin/ script runs: no module of dist/ outside the bundle loads", () => {
    // A loader hook that prints every file module the process loads, on stderr.
    const hook = `data:text/javascript,${encodeURIComponent(
      'export async function load(url, context, next) { if (url.startsWith("file:")) process.stderr.write("LOADED " + url + "\\n"); return next(url, context); }',
    )}`;
    const register = `data:text/javascript,${encodeURIComponent(
      `import { register } from "node:module"; register(${JSON.stringify(hook)});`,
    )}`;
    const r = spawnSync(
      process.execPath,
      ["--import", register, join(dir, "bin", `${bin}.js`), "--version"],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const loaded = r.stderr
      .split("\n")
      .filter((line) => line.startsWith("LOADED "))
      .map((line) => line.slice("LOADED ".length));
    // Any package's dist/: archon-prd's bundle holds archon's grounding modules too.
    const dist = pathToFileURL(packageDir("")).href;
    const bundle = pathToFileURL(`${BUNDLE}/`).href;
    expect(loaded.some((url) => url.startsWith(bundle))).toBe(true);
    const outside = loaded.filter(
      (url) => url.startsWith(dist) && url.includes("/dist/") && !url.startsWith(bundle),
    );
    expect(outside).toEqual([]);
  });
});
