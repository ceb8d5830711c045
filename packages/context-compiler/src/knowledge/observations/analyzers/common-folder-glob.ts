// The glob a compile_miss proposes: the target files' nearest common folder, and everything below it.
import { globProblem, normalizeRepoPath } from "../../../read/glob.js";

export type FolderGlob = { glob: string } | { problem: string };

/**
 * `src/api/users.ts` + `src/api/v2/orders.ts` → `src/api/**`. Files with no folder in common would need
 * `**` (every file in the project), which is never a sensible scope to propose, so that is a problem.
 */
export function commonFolderGlob(targetFiles: readonly string[]): FolderGlob {
  const files = targetFiles.map((f) => ({ raw: f, path: normalizeRepoPath(f) }));
  const outside = files.find((f) => f.path === undefined);
  if (outside) return { problem: `target file "${outside.raw}" is not a path inside the project` };
  const folders = files.map((f) => (f.path as string).split("/").slice(0, -1));
  const first = folders[0] ?? [];
  let depth = 0;
  while (depth < first.length && folders.every((segments) => segments[depth] === first[depth])) depth++;
  if (depth === 0)
    return {
      problem: "the target files share no folder, and a project-wide ** edge is too broad to propose",
    };
  const glob = `${first.slice(0, depth).join("/")}/**`;
  const problem = globProblem(glob);
  return problem === undefined ? { glob } : { problem: `derived glob "${glob}" ${problem}` };
}
