// Which repository file an import names, per language: relative specifiers (JavaScript, TypeScript, Python),
// dotted modules (Python), module-prefixed import paths (Go, through go.mod), namespaced names (PHP).
// Anything else is outside the repository.
import { posix } from "node:path";
import { normalizeRepoPath } from "../read/glob.js";
import type { Language } from "./languages.js";

export interface GoModule {
  /** The folder holding go.mod ("" at the root). */
  dir: string;
  /** The module path go.mod declares. */
  module: string;
}

/** What the project's own configuration says about where its modules live. */
export interface ProjectLayout {
  goModules: readonly GoModule[];
  /** Package roots its Python configuration names (pyproject.toml, setup.cfg, setup.py). */
  pythonRoots: readonly string[];
}

export interface ModuleWorld {
  /** Every indexed file. */
  files: ReadonlySet<string>;
  /** Folders holding indexed Go files. */
  goFolders: ReadonlySet<string>;
  goModules: readonly GoModule[];
  /** Folders an absolute Python import starts from ("" is the repository root), in order of preference. */
  pythonRoots: readonly string[];
  /** Top-level Python modules under those roots, and every package (`__init__.py`) by name: the project's own. */
  pythonTops: ReadonlySet<string>;
  /** Dotted names (two parts or more) of every Python module, read from any folder: `app.service`. */
  pythonDotted: ReadonlySet<string>;
  /** PHP `Namespace\Name` of each top-level class, interface or function → the files declaring it. */
  phpNames: ReadonlyMap<string, readonly string[]>;
}

export interface ResolvedModule {
  /** A repo file; for Go, the package folder. */
  path: string;
  /** Whether the import binds the module itself or one member of it. */
  binds: "module" | "member";
}

const dirOf = (path: string) => posix.dirname(path);
const join = (...parts: string[]) => normalizeRepoPath(parts.filter((p) => p !== "" && p !== ".").join("/"));

const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
/** TypeScript written for Node imports `./x.js` and means `./x.ts`. */
const COMPILED_TO: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

/** The module `source` names when written in `from`; undefined when it is not a file of the repository. */
export function resolveModule(
  language: Language,
  from: string,
  source: string,
  imported: string | null,
  world: ModuleWorld,
): ResolvedModule | undefined {
  switch (language) {
    case "typescript":
    case "javascript":
      return scriptModule(from, source, imported, world);
    case "python":
      return pythonModule(from, source, imported, world);
    case "go":
      return goPackage(source, world);
    case "php":
      return phpName(source, world);
  }
}

/**
 * Whether an import that resolved to no file still names the project's own code, so it is unresolved rather
 * than external: a relative one (broken), or a Python module of the project under a folder the index does
 * not know as a root, or missing from a package of its own.
 */
export function namesRepositoryCode(language: Language, source: string, world: ModuleWorld): boolean {
  if (language === "typescript" || language === "javascript") return source.startsWith(".");
  if (language !== "python") return false;
  if (source.startsWith(".")) return true;
  return world.pythonTops.has(source.split(".")[0] as string) || world.pythonDotted.has(source);
}

function scriptModule(
  from: string,
  source: string,
  imported: string | null,
  world: ModuleWorld,
): ResolvedModule | undefined {
  if (!source.startsWith("./") && !source.startsWith("../") && source !== "." && source !== "..")
    return undefined;
  const base = join(dirOf(from), source);
  if (base === undefined) return undefined;
  const ext = posix.extname(base);
  const stem = base.slice(0, base.length - ext.length);
  const candidates = [
    base,
    ...(COMPILED_TO[ext] ?? []).map((e) => stem + e),
    ...SCRIPT_EXTENSIONS.map((e) => base + e),
    ...SCRIPT_EXTENSIONS.map((e) => `${base}/index${e}`),
  ];
  const path = candidates.find((c) => world.files.has(c));
  return path ? { path, binds: imported === null ? "module" : "member" } : undefined;
}

function pythonModule(
  from: string,
  source: string,
  imported: string | null,
  world: ModuleWorld,
): ResolvedModule | undefined {
  const dots = /^\.*/.exec(source)?.[0].length ?? 0;
  const dotted = source
    .slice(dots)
    .split(".")
    .filter((p) => p !== "");
  // `from . import x` climbs dots-1 folders from the file's package; absolute names start at a package root.
  let roots: readonly string[];
  if (dots > 0) {
    let dir = dirOf(from);
    for (let i = 1; i < dots; i++) dir = dirOf(dir);
    roots = [dir === "." ? "" : dir];
  } else roots = nearestFirst(from, world.pythonRoots);
  for (const root of roots) {
    const base = join(root, ...dotted) ?? root;
    // A member that is itself a module (`from pkg import mod`) binds that module.
    if (imported !== null && imported !== "*") {
      const sub = join(base, imported);
      const submodule = [`${sub}.py`, `${sub}/__init__.py`].find((c) => world.files.has(c));
      if (submodule) return { path: submodule, binds: "module" };
    }
    const module = [`${base}.py`, `${base}/__init__.py`].find((c) => world.files.has(c));
    if (module) return { path: module, binds: imported === null ? "module" : "member" };
  }
  return undefined;
}

/** Roots sharing more folders with the importing file first: in a monorepo, its own project's packages. */
function nearestFirst(from: string, roots: readonly string[]): readonly string[] {
  const shared = (root: string) => {
    const a = root === "" ? [] : root.split("/");
    const b = from.split("/");
    let n = 0;
    while (n < a.length && a[n] === b[n]) n++;
    return n;
  };
  return roots.length < 2 ? roots : [...roots].sort((x, y) => shared(y) - shared(x));
}

function goPackage(source: string, world: ModuleWorld): ResolvedModule | undefined {
  const owner = [...world.goModules]
    .filter((m) => source === m.module || source.startsWith(`${m.module}/`))
    .sort((a, b) => b.module.length - a.module.length)[0];
  if (!owner) return undefined;
  const folder = join(owner.dir, source.slice(owner.module.length)) ?? "";
  return world.goFolders.has(folder === "" ? "." : folder)
    ? { path: folder === "" ? "." : folder, binds: "module" }
    : undefined;
}

function phpName(source: string, world: ModuleWorld): ResolvedModule | undefined {
  const files = world.phpNames.get(source.replace(/^\\/, ""));
  return files?.length === 1 ? { path: files[0] as string, binds: "member" } : undefined;
}

/** The module path a go.mod declares, or undefined when it declares none. */
export function goModulePath(goMod: string): string | undefined {
  const match = /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(goMod);
  return match?.[2];
}

/** The folder of a Go file, as `goFolders` holds it ("." at the root). */
export const goFolderOf = dirOf;
