// The repository as import resolution sees it: its indexed files, Go package folders, go.mod module paths,
// Python package roots and PHP namespaced names. Built from the index rows (reindex) or from the stored
// index (verify_done).
import { posix } from "node:path";
import type { Db } from "@archon/core";
import { listProjectFiles } from "../knowledge/project-files.js";
import { readProjectFile } from "../knowledge/project-path.js";
import { indexedFiles, phpTopLevelSymbols } from "../store/symbol-queries.js";
import { MAX_FILE_BYTES } from "./limits.js";
import { type GoModule, goModulePath, type ModuleWorld, type ProjectLayout } from "./module-paths.js";
import { configuredPythonRoots, isPythonConfig } from "./python-roots.js";

const isGoModule = (path: string) => path === "go.mod" || path.endsWith("/go.mod");

/** Whether a repository file says where modules live: a go.mod or a Python build configuration. */
export const isLayoutFile = (path: string) => isGoModule(path) || isPythonConfig(path);

/** The text of a layout file, or undefined when it cannot be read through the project's read guard. */
function readLayoutFile(root: string, path: string): string | undefined {
  try {
    return readProjectFile(root, path, "file_path", MAX_FILE_BYTES).text;
  } catch {
    // An unreadable file (a link out of the project, one over the size bound) only means the imports it
    // would explain stay unresolved.
    return undefined;
  }
}

/** The go.mod module paths and Python package roots the layout files among `paths` declare. */
export function readProjectLayout(root: string, paths: readonly string[]): ProjectLayout {
  const goModules: GoModule[] = [];
  const pythonRoots = new Set<string>();
  for (const path of paths.filter(isLayoutFile)) {
    const text = readLayoutFile(root, path);
    if (text === undefined) continue;
    if (isGoModule(path)) {
      const module = goModulePath(text);
      const dir = posix.dirname(path);
      if (module) goModules.push({ dir: dir === "." ? "" : dir, module });
    } else for (const folder of configuredPythonRoots(path, text)) pythonRoots.add(folder);
  }
  return { goModules, pythonRoots: [...pythonRoots].sort() };
}

/** A Python file's module path as folders and name (a package's `__init__.py` is the package). */
const modulePartsOf = (path: string) => {
  const parts = path.slice(0, -3).split("/");
  return parts.at(-1) === "__init__" ? parts.slice(0, -1) : parts;
};

/** The Python side of the world: roots (the root, configured ones, `src` folders holding a package), tops, names. */
function pythonWorld(
  pyFiles: readonly string[],
  configured: readonly string[],
): Pick<ModuleWorld, "pythonRoots" | "pythonTops" | "pythonDotted"> {
  const layout = new Set<string>();
  for (const path of pyFiles) {
    const parts = path.split("/");
    // `…/src/<package>/….py`: the src layout, whatever the configuration says.
    for (let i = 0; i < parts.length - 2; i++)
      if (parts[i] === "src") layout.add(parts.slice(0, i + 1).join("/"));
  }
  const roots = [...new Set(["", ...configured, ...[...layout].sort()])];
  const tops = new Set<string>();
  const dotted = new Set<string>();
  for (const path of pyFiles) {
    for (const root of roots) {
      if (root !== "" && !path.startsWith(`${root}/`)) continue;
      const top = modulePartsOf(root === "" ? path : path.slice(root.length + 1))[0];
      if (top) tops.add(top);
    }
    const parts = modulePartsOf(path);
    for (let i = 0; i < parts.length - 1; i++) dotted.add(parts.slice(i).join("."));
    // A folder with `__init__.py` is a package of the project wherever it sits, even under an unknown root.
    if (path.endsWith("/__init__.py")) tops.add(parts.at(-1) as string);
  }
  return { pythonRoots: roots, pythonTops: tops, pythonDotted: dotted };
}

export function moduleWorldOf(
  files: Iterable<{ path: string; language: string }>,
  php: Iterable<{ path: string; name: string; namespace: string | null }>,
  layout: ProjectLayout,
): ModuleWorld {
  const paths = new Set<string>();
  const goFolders = new Set<string>();
  const pyFiles: string[] = [];
  for (const f of files) {
    paths.add(f.path);
    if (f.language === "go") goFolders.add(posix.dirname(f.path));
    if (f.language === "python" && f.path.endsWith(".py")) pyFiles.push(f.path);
  }
  const phpNames = new Map<string, string[]>();
  for (const s of php) {
    const full = s.namespace ? `${s.namespace}\\${s.name}` : s.name;
    const list = phpNames.get(full) ?? [];
    if (!list.includes(s.path)) list.push(s.path);
    phpNames.set(full, list);
  }
  return {
    files: paths,
    goFolders,
    goModules: layout.goModules,
    phpNames,
    ...pythonWorld(pyFiles.sort(), layout.pythonRoots),
  };
}

/** The stored index's world, with `extra` files (changed, maybe not indexed yet) counted as present. */
export function storedModuleWorld(
  db: Db,
  root: string,
  extra: readonly { path: string; language: string }[],
): ModuleWorld {
  const layout = readProjectLayout(root, listProjectFiles(root).files);
  return moduleWorldOf([...indexedFiles(db), ...extra], phpTopLevelSymbols(db), layout);
}
