// What git says about the files a migration touches: uncommitted sources, and whether rule files would be ignored.
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
    if (status === undefined || status.trim() === "") continue;
    out.push({
      path,
      reason: status.startsWith("??") ? "is not committed to git" : "has uncommitted changes in git",
    });
  }
  return out;
}

/** Whether git would ignore `path` (false outside a git work tree). */
export const isIgnored = (projectRoot: string, path: string) =>
  runGit(projectRoot, ["check-ignore", "-q", "--", path]) !== undefined;
