// Where a symbolic link inside the project leads, when it leads to another place inside it (CLAUDE.md → AGENTS.md).
import { lstatSync, realpathSync } from "node:fs";
import { isInside } from "./project-write.js";

/**
 * The real path of `absolute` when it is a symbolic link resolving inside `projectRoot`; undefined for a
 * regular file, a dangling link, or one that leaves the project (writers refuse that one as before).
 */
export function linkInside(projectRoot: string, absolute: string): string | undefined {
  if (!lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
  try {
    const real = realpathSync.native(absolute);
    return isInside(realpathSync.native(projectRoot), real) ? real : undefined;
  } catch {
    return undefined;
  }
}
