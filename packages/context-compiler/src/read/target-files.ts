// A compile's target files as the project sees them: absolute paths inside the project made repo-relative,
// each normalized, duplicates dropped, sorted; one warning for each target left out.
import { UserError } from "@archon/core";
import { isAbsoluteTarget, toRepoPath } from "./glob.js";

/** The targets inside the project, sorted, and a warning for each one outside it; refuses when none is left. */
export function normalizeTargets(
  projectRoot: string,
  targets: readonly string[],
): { files: string[]; warnings: string[] } {
  const warnings: string[] = [];
  const files = new Set<string>();
  for (const target of targets) {
    const path = toRepoPath(projectRoot, target);
    if (path !== undefined) files.add(path);
    else if (isAbsoluteTarget(target))
      warnings.push(`Target file ${target} is outside the project root and was ignored.`);
    else warnings.push(`Target file "${target}" is not a path inside the project and was ignored.`);
  }
  if (files.size === 0) {
    throw new UserError(
      "target_files names no path inside the project.",
      "Give repo-relative paths such as src/api/users.ts.",
      "target_files",
    );
  }
  return { files: [...files].sort(), warnings };
}
