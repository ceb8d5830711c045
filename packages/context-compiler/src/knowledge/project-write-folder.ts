// Writing a whole folder of files at once, under the write guard of project-write.ts: a first seed's
// 10,000 rule files land in a staging folder that is renamed into place, one rename instead of 10,000.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import {
  descriptorPath,
  isInside,
  makeProjectDir,
  NOFOLLOW,
  realRoots,
  refuse,
  shown,
  type WriteRoots,
} from "./project-write.js";

/** Whether the folder `absolute` is missing or holds nothing (a link or a file there is neither). */
export function folderIsEmpty(absolute: string): boolean {
  const stat = lstatSync(absolute, { throwIfNoEntry: false });
  return stat === undefined || (stat.isDirectory() && readdirSync(absolute).length === 0);
}

/**
 * Fills the folder `absoluteDir`, missing or empty, with `files` at once: each is written into a fresh
 * staging folder beside it, which is then renamed into place, so a reader sees no folder or the whole one
 * and 10,000 renames become one. The kernel's rename replaces only an empty folder and never a link, so
 * a file that appeared meanwhile is kept: then nothing is moved and false is returned, for the caller to
 * write file by file. Names are plain file names; a link out of the project is refused at every step.
 */
export function fillEmptyFolder(
  roots: WriteRoots,
  absoluteDir: string,
  files: readonly { name: string; text: string }[],
): boolean {
  const target = resolve(roots.root, absoluteDir);
  const parent = makeProjectDir(roots, dirname(target));
  const parentReal = realpathSync(parent);
  const stat = lstatSync(target, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) throw refuse(shown(roots, target), "it is not a real folder");
  removeAbandonedStaging(parent, basename(target));
  const staging = join(
    parent,
    `.${basename(target)}-staging-${process.pid}-${randomBytes(6).toString("hex")}`,
  );
  // Not recursive and never tolerating EEXIST: the staging folder is archon's own, made here.
  mkdirSync(staging);
  try {
    const real = stagingReal(roots, staging);
    if (dirname(real) !== parentReal) throw refuse(shown(roots, staging), `it resolves to ${real}`);
    for (const file of files) {
      if (file.name !== basename(file.name) || file.name === "..")
        throw refuse(shown(roots, join(target, file.name)), "it is not a plain file name");
      // O_EXCL: a name someone planted in the staging folder (a link, a hard link) fails the open.
      const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;
      const fd = openSync(join(staging, file.name), flags, 0o644);
      try {
        const landed = descriptorPath(fd);
        if (landed !== undefined && dirname(landed) !== real)
          throw refuse(
            shown(roots, join(target, file.name)),
            `it resolves to ${landed}, outside the project`,
          );
        writeFileSync(fd, file.text);
      } finally {
        closeSync(fd);
      }
    }
    // Checked again at the rename: the staging folder swapped for a link would move someone else's folder.
    if (stagingReal(roots, staging) !== real || realpathSync(parent) !== parentReal)
      throw refuse(shown(roots, staging), "the staging folder moved while it was written");
    renameSync(staging, target);
    return true;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    // Windows refuses to rename onto any existing folder (EPERM): the file-by-file path then writes them.
    if (code === "ENOTEMPTY" || code === "EEXIST" || code === "EPERM") return false;
    if (code === "ENOTDIR") throw refuse(shown(roots, target), "it is not a real folder");
    throw error;
  }
}

/** The staging folder's real path, refused when it is a link or resolves out of the project. */
function stagingReal(roots: WriteRoots, staging: string): string {
  const real = realpathSync(staging);
  if (lstatSync(staging).isSymbolicLink() || !realRoots(roots).some((r) => isInside(r, real)))
    throw refuse(shown(roots, staging), `the folder resolves to ${real}, outside the project`);
  return real;
}

/** A staging folder older than this, of a process that is gone, was left by a write that was killed. */
const ABANDONED_STAGING_MS = 60 * 60 * 1000;

/**
 * Removes the staging folders of `name` that a killed write left beside it: archon's own by their name, real
 * folders (a link there is left alone), made by a process that no longer runs and over an hour ago (a
 * process of another container sharing the folder may show as gone; no write takes an hour). They hold
 * only renderings of approved knowledge, which the database keeps.
 */
function removeAbandonedStaging(parent: string, name: string): void {
  const prefix = `.${name}-staging-`;
  for (const entry of readdirSync(parent, { withFileTypes: true })) {
    if (!entry.name.startsWith(prefix) || !entry.isDirectory()) continue;
    const pid = /^(\d+)-[0-9a-f]{12}$/.exec(entry.name.slice(prefix.length))?.[1];
    if (pid === undefined || processRuns(Number(pid))) continue;
    const path = join(parent, entry.name);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory() && Date.now() - stat.mtimeMs > ABANDONED_STAGING_MS)
      rmSync(path, { recursive: true, force: true });
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
