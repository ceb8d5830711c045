// What a folder holds, for tests that prove a run changed nothing there: every file with its hash, and
// every folder and link by kind. Links are listed, never followed.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { sha256 } from "@archon/core";

/** Repo-relative path (forward slashes) → sha256 of the file, "dir" or "link"; sorted by path. */
export function treeHashes(folder: string): Record<string, string> {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true }).map((e) => {
    const path = join(e.parentPath, e.name);
    const kind = e.isFile() ? sha256(readFileSync(path)) : e.isSymbolicLink() ? "link" : "dir";
    return [relative(folder, path).split("\\").join("/"), kind] as const;
  });
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
