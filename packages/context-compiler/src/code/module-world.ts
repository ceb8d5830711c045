// The repository as import resolution sees it: its indexed files, Go package folders, go.mod module paths
// and PHP namespaced names. Built from the index rows (reindex) or from the stored index (verify_done).
import { posix } from "node:path";
import type { Db } from "@archon/core";
import { listProjectFiles } from "../knowledge/project-files.js";
import { readProjectFile } from "../knowledge/project-path.js";
import { indexedFiles, phpTopLevelSymbols } from "../store/symbol-queries.js";
import { type GoModule, goModulePath, type ModuleWorld } from "./module-paths.js";

const isGoModule = (path: string) => path === "go.mod" || path.endsWith("/go.mod");

/** The module path of each readable go.mod among `paths`. */
export function readGoModules(root: string, paths: readonly string[]): GoModule[] {
  const out: GoModule[] = [];
  for (const path of paths.filter(isGoModule)) {
    try {
      const module = goModulePath(readProjectFile(root, path).text);
      const dir = posix.dirname(path);
      if (module) out.push({ dir: dir === "." ? "" : dir, module });
    } catch {
      // An unreadable go.mod (or a link out of the project) only means its imports stay external.
    }
  }
  return out;
}

export function moduleWorldOf(
  files: Iterable<{ path: string; language: string }>,
  php: Iterable<{ path: string; name: string; namespace: string | null }>,
  goModules: readonly GoModule[],
): ModuleWorld {
  const paths = new Set<string>();
  const goFolders = new Set<string>();
  for (const f of files) {
    paths.add(f.path);
    if (f.language === "go") goFolders.add(posix.dirname(f.path));
  }
  const phpNames = new Map<string, string[]>();
  for (const s of php) {
    const full = s.namespace ? `${s.namespace}\\${s.name}` : s.name;
    const list = phpNames.get(full) ?? [];
    if (!list.includes(s.path)) list.push(s.path);
    phpNames.set(full, list);
  }
  return { files: paths, goFolders, goModules, phpNames };
}

/** The stored index's world, with `extra` files (changed, maybe not indexed yet) counted as present. */
export function storedModuleWorld(
  db: Db,
  root: string,
  extra: readonly { path: string; language: string }[],
): ModuleWorld {
  const goModules = readGoModules(root, listProjectFiles(root).files);
  return moduleWorldOf([...indexedFiles(db), ...extra], phpTopLevelSymbols(db), goModules);
}
