// What git says about the files a migration touches: uncommitted sources, and whether rule files would be ignored.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withoutArchonBlocks } from "../adapters/export/shared-files.js";
import { runGit } from "../knowledge/git.js";

export interface Uncommitted {
  path: string;
  reason: string;
}

/** The files among `paths` with uncommitted changes, in order; none outside a git work tree. */
export function uncommittedFiles(projectRoot: string, paths: readonly string[]): Uncommitted[] {
  if (paths.length === 0 || runGit(projectRoot, ["rev-parse", "--is-inside-work-tree"]) === undefined)
    return [];
  const out: Uncommitted[] = [];
  for (const path of paths) {
    // --no-optional-locks: a look must not refresh (rewrite) the index.
    const status = runGit(projectRoot, ["--no-optional-locks", "status", "--porcelain", "--", path]);
    if (status === undefined || status.trim() === "" || onlyArchonChanged(projectRoot, path)) continue;
    out.push({
      path,
      reason: status.startsWith("??") ? "is not committed to git" : "has uncommitted changes in git",
    });
  }
  return out;
}

/**
 * Whether the only uncommitted change is in archon's own blocks (setup just wrote them): the person's
 * text is as committed, so migrating loses nothing git does not hold.
 */
function onlyArchonChanged(projectRoot: string, path: string): boolean {
  const committed = runGit(projectRoot, ["show", `HEAD:./${path}`]);
  if (committed === undefined) return false;
  try {
    const own = (text: string) =>
      withoutArchonBlocks(path, text.replace(/\r\n/g, "\n"))
        .replace(/\n{3,}/g, "\n\n")
        .replace(/\s+$/, "");
    return own(committed) === own(readFileSync(join(projectRoot, path), "utf8"));
  } catch {
    return false;
  }
}

/** Whether git would ignore `path` (false outside a git work tree). */
export const isIgnored = (projectRoot: string, path: string) =>
  runGit(projectRoot, ["check-ignore", "-q", "--", path]) !== undefined;
