// Instruction files that are links to another file in the project (CLAUDE.md → AGENTS.md): one file, migrated once.
import { realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { linkInside } from "../knowledge/linked-files.js";

/**
 * Each of `files` that is a symbolic link resolving inside the project, mapped to the repo-relative path
 * of what it resolves to. A link that leaves the project is not listed: reading it is refused as before.
 */
export function linkTargets(projectRoot: string, files: readonly string[]): Map<string, string> {
  const root = realpathSync.native(projectRoot);
  const links = new Map<string, string>();
  for (const file of files) {
    const real = linkInside(projectRoot, join(projectRoot, file));
    if (real !== undefined) links.set(file, relative(root, real).split(sep).join("/"));
  }
  return links;
}
