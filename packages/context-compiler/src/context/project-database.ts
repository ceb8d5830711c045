// Whether the project's default database (.archon/archon.db) may be opened: the folder is an Archon
// project, and its .archon is not a link that leads out of it.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UserError } from "@archon/core";
import { isInside, realTarget } from "../knowledge/project-write.js";
import { ARCHON_DB, ARCHON_DIR } from "../vocabulary/project-files.js";

/** Why a project's database was not opened at all; a server still starts and answers tools with it. */
export class UnopenedProjectError extends UserError {}

/** The folder has no .archon/ yet: only what makes a project may open (and so create) its database. */
export class NotAProjectError extends UnopenedProjectError {}

/** Whether `dbPath` is the project's own database, `.archon/archon.db` under its root. */
export const isDefaultDatabase = (dbPath: string, projectRoot: string): boolean =>
  dbPath !== ":memory:" && resolve(dbPath) === resolve(projectRoot, ARCHON_DB);

/**
 * The refusal to open `dbPath` for `projectRoot`, or undefined when it may be opened. Only the default
 * path is checked: a --db elsewhere is the person's own choice. `mustExist` is for everything that does
 * not create the project (servers, hooks, reading commands): without .archon/ they leave the folder as it
 * was, since an agent registered for every repository starts archon in folders that never chose it.
 */
export function projectDatabaseRefusal(
  dbPath: string,
  projectRoot: string,
  mustExist: boolean,
): UnopenedProjectError | undefined {
  if (!isDefaultDatabase(dbPath, projectRoot)) return undefined;
  const folder = join(projectRoot, ARCHON_DIR);
  if (lstatSync(folder, { throwIfNoEntry: false }) === undefined) {
    if (!mustExist) return undefined;
    return new NotAProjectError(
      `${projectRoot} is not an Archon project (it has no .archon/ folder), so archon keeps no state here and has no rules to give.`,
      "Run `archon setup` in this folder to make it an Archon project; until then archon changes nothing here.",
    );
  }
  const root = realpathSync(projectRoot);
  for (const path of [folder, join(projectRoot, ARCHON_DB)]) {
    const target = linkedOutside(root, path);
    if (target !== undefined)
      return new UnopenedProjectError(
        `${path} is a link to ${target}, outside the project ${projectRoot}: archon opens a project's own database only inside the project.`,
        "Replace the link with a real folder or file inside the project (move what it holds there), or pass --db the database's path if you mean to keep it elsewhere.",
      );
  }
  return undefined;
}

/** Where `path` really leads when that is outside `root` (a link, or a link in its chain); else undefined. */
function linkedOutside(root: string, path: string): string | undefined {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  // A dangling link has no real path of its own: follow its text, so one leading out is caught too.
  const target = stat.isSymbolicLink()
    ? realTarget(resolve(dirname(path), readlinkSync(path)))
    : realTarget(path);
  return isInside(root, target) ? undefined : target;
}
