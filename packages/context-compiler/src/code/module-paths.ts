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

export interface ModuleWorld {
  /** Every indexed file. */
  files: ReadonlySet<string>;
  /** Folders holding indexed Go files. */
  goFolders: ReadonlySet<string>;
  goModules: readonly GoModule[];
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

/** Whether an import that names no repository file is relative, i.e. broken rather than external. */
export function isRelativeSource(language: Language, source: string): boolean {
  return (
    (language === "typescript" || language === "javascript" || language === "python") &&
    source.startsWith(".")
  );
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
  // `from . import x` climbs dots-1 folders from the file's package; absolute names start at a source root.
  let roots: string[];
  if (dots > 0) {
    let dir = dirOf(from);
    for (let i = 1; i < dots; i++) dir = dirOf(dir);
    roots = [dir === "." ? "" : dir];
  } else roots = ["", "src"];
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
