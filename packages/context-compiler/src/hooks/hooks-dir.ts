// The hooks' own folder, `.archon/hooks/`: the read log and which client ran which session, which belong to
// this machine and never to the repository. The folder carries its own `.gitignore` (ignore everything in
// it), so nothing in it is committed by accident and the project's own .gitignore is never touched. A
// repository decides what its files are, links included, so every write here goes through the project's
// write guard and every read through its path guard: a link that leaves the project is refused.
import { lstatSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { UserError } from "@archon/core/files";
import { readProjectFile } from "../knowledge/project-path.js";
import { isInside, makeProjectDir, realTarget, writeProjectFile } from "../knowledge/project-write.js";

export const HOOKS_DIR = join(".archon", "hooks");

/** Creates `.archon/hooks/<sub>` (and the folder's .gitignore, once) inside the project; returns its path. */
export function hooksDir(projectRoot: string, sub = ""): string {
  const roots = { root: projectRoot };
  const root = makeProjectDir(roots, join(projectRoot, HOOKS_DIR));
  const dir = sub === "" ? root : makeProjectDir(roots, join(root, sub));
  const ignore = join(root, ".gitignore");
  // Only when there is none, so a .gitignore someone wrote there is left as it is.
  if (lstatSync(ignore, { throwIfNoEntry: false }) === undefined)
    writeProjectFile(roots, ignore, "# Written by archon: this folder holds per-machine hook state.\n*\n");
  return dir;
}

/** The text of `.archon/hooks/<path>`, or undefined when there is no such file; a link out is refused. */
export function readHooksFile(projectRoot: string, path: string): string | undefined {
  const relative = join(HOOKS_DIR, path);
  if (lstatSync(join(projectRoot, relative), { throwIfNoEntry: false }) === undefined) return undefined;
  return readProjectFile(projectRoot, relative, "hook_state").text;
}

/** The names in `.archon/hooks/<sub>` (none when it is missing); a folder that leads out is refused. */
export function listHooksDir(projectRoot: string, sub: string): string[] {
  const dir = resolve(projectRoot, HOOKS_DIR, sub);
  if (lstatSync(dir, { throwIfNoEntry: false }) === undefined) return [];
  const real = realTarget(dir);
  if (!isInside(realTarget(resolve(projectRoot)), real))
    throw new UserError(
      `Refused to read ${join(HOOKS_DIR, sub)}: the folder resolves to ${real}, outside the project.`,
      "archon does not read through links that leave the project: replace the link with a real folder inside it.",
    );
  return readdirSync(real);
}
