// The one write guard: every file archon writes or deletes in a project lands inside its real root, never through a link.
import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isDatabaseFile, UserError } from "@archon/core/files";

/** Where writes may land: the project's real root, plus git's own folder when git keeps it elsewhere (worktrees). */
export interface WriteRoots {
  root: string;
  also?: readonly string[];
}

const HINT =
  "archon does not write through links that leave the project: replace the link with a real file or folder inside it, then run again.";
const NOT_REGULAR_HINT = "Move it aside or replace it with a regular file, then run again.";
const HARD_LINK_HINT =
  "A hard link shares its text with another file, which a write would change too: replace it with a plain copy of the file, then run again.";
const DATABASE_HINT = "archon changes a database only through SQLite: name another file, then run again.";

// Absent on Windows, where the lstat check below is the guard.
export const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** A FIFO opened with it fails or returns at once instead of waiting for the other end; a file ignores it. */
export const NONBLOCK = constants.O_NONBLOCK ?? 0;

export const isInside = (root: string, target: string) => {
  // An empty path would resolve against the process's folder, which is often the project itself.
  if (target === "") return false;
  const rel = relative(root, target);
  return rel === "" || (!isAbsolute(rel) && rel.split(sep)[0] !== "..");
};

export const refuse = (path: string, why: string, verb = "write", hint = HINT) =>
  new UserError(`Refused to ${verb} ${path}: ${why}.`, hint, "path");

export const shown = (roots: WriteRoots, absolute: string) =>
  isInside(resolve(roots.root), absolute)
    ? relative(resolve(roots.root), absolute).split(sep).join("/")
    : absolute;

export const realRoots = (roots: WriteRoots) =>
  [roots.root, ...(roots.also ?? [])].filter((r) => existsSync(r)).map((r) => realpathSync(r));

/** The real path `absolute` would have: its deepest existing ancestor resolved, the missing rest appended. */
export function realTarget(absolute: string): string {
  let existing = absolute;
  const missing: string[] = [];
  while (!existsSync(existing) && dirname(existing) !== existing) {
    missing.unshift(basename(existing));
    existing = dirname(existing);
  }
  // The system realpath, in one call: checked for every imported rule, the JavaScript one lstat()ed each folder.
  return join(realpathSync.native(existing), ...missing);
}

/**
 * Throws unless the folder holding `absolute` resolves inside a root and `absolute` itself is no link.
 * Planners call it before anything is written, so one refusal stops a run whole.
 */
export function assertWritable(roots: WriteRoots, path: string, verb: "write" | "delete" = "write"): void {
  const absolute = resolve(roots.root, path);
  const allowed = realRoots(roots);
  const parent = realTarget(dirname(absolute));
  if (!allowed.some((r) => isInside(r, parent)))
    throw refuse(shown(roots, absolute), `its folder resolves to ${parent}, outside the project`, verb);
  assertWritableName(roots, absolute, verb);
}

/** The checks of the file itself, once its folder is known to be inside. */
function assertWritableName(roots: WriteRoots, absolute: string, verb: "write" | "delete"): void {
  const name = shown(roots, absolute);
  // Writing a database file outside SQLite would drop the locks this process's SQLite holds on it.
  if (isDatabaseFile(absolute))
    throw refuse(name, "it is a SQLite database, written only through SQLite", verb, DATABASE_HINT);
  const stat = lstatSync(absolute, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink()) throw refuse(name, "it is a symbolic link", verb);
  if (stat && !stat.isFile()) throw refuse(name, "it is not a regular file", verb, NOT_REGULAR_HINT);
}

/**
 * The path an open descriptor names, where the system can tell (Linux); undefined elsewhere. The kernel's
 * own link text, not a realpath of it: walking the path again could meet a folder swapped since the open.
 */
export function descriptorPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** Creates the folders down to `absoluteDir` one at a time, refusing any that is, or resolves through, a link out. */
function makeFolders(roots: WriteRoots, absoluteDir: string): void {
  const allowed = realRoots(roots);
  const chain: string[] = [];
  for (let d = absoluteDir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) chain.unshift(d);
  for (const folder of chain) {
    // Not recursive: each step is checked after it is made, so a link swapped in cannot be walked through.
    // Another process (a second session's hook) may make the same folder first: the check below still holds.
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const real = realpathSync(folder);
    if (lstatSync(folder).isSymbolicLink() || !allowed.some((r) => isInside(r, real)))
      throw refuse(shown(roots, folder), `the folder resolves to ${real}, outside the project`);
  }
}

/**
 * Creates the folder `absoluteDir` and those missing above it, inside the roots only: an existing folder
 * that is, or is reached through, a link out of the project is refused as well. Returns its path.
 */
export function makeProjectDir(roots: WriteRoots, absoluteDir: string): string {
  const target = resolve(roots.root, absoluteDir);
  const real = realTarget(target);
  if (!realRoots(roots).some((r) => isInside(r, real)))
    throw refuse(shown(roots, target), `the folder resolves to ${real}, outside the project`);
  makeFolders(roots, target);
  return target;
}

/** Opens `target` for writing (after the checks), refusing a descriptor that landed outside or on a hard link. */
function writeThrough(roots: WriteRoots, target: string, append: boolean, write: (fd: number) => void): void {
  assertWritable(roots, target, "write");
  makeFolders(roots, dirname(target));
  openChecked(roots, realRoots(roots), target, append, write);
}

/** Opens `target` (its folder already checked), refusing a descriptor that landed outside or on a hard link. */
function openChecked(
  roots: WriteRoots,
  allowed: readonly string[],
  target: string,
  append: boolean,
  write: (fd: number) => void,
): void {
  // No O_TRUNC: the file is emptied only once its real place is known to be inside. A FIFO put at the
  // name since the checks fails the open (NONBLOCK) instead of waiting for a reader.
  const flags =
    constants.O_WRONLY | constants.O_CREAT | NOFOLLOW | NONBLOCK | (append ? constants.O_APPEND : 0);
  const fd = openSync(target, flags, 0o644);
  try {
    const real = descriptorPath(fd) ?? realTarget(target);
    if (!allowed.some((r) => isInside(r, real)))
      throw refuse(shown(roots, target), `it resolves to ${real}, outside the project`);
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw refuse(shown(roots, target), "it is not a regular file", "write", NOT_REGULAR_HINT);
    // A hard link shares its bytes with a name that may be anywhere on the disk.
    if (stat.nlink > 1)
      throw refuse(shown(roots, target), "it is a hard link to another file", "write", HARD_LINK_HINT);
    write(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes `text` to `absolute` (creating its folders) only inside the roots and never through a link. */
export function writeProjectFile(
  roots: WriteRoots,
  absolute: string,
  text: string | Uint8Array,
  options: { executable?: boolean } = {},
): void {
  writeThrough(roots, resolve(roots.root, absolute), false, (fd) => {
    ftruncateSync(fd, 0);
    writeFileSync(fd, text);
    if (options.executable) fchmodSync(fd, 0o755);
  });
}

/**
 * Writes many files as writeProjectFile writes one, with the roots and each folder checked once rather
 * than once a file: a 10,000-rule seed writes 10,000 rule files into one folder. Every file is still
 * opened without following a link and its descriptor checked.
 */
export function writeProjectFiles(
  roots: WriteRoots,
  files: readonly { absolute: string; text: string }[],
): void {
  const allowed = realRoots(roots);
  const checked = new Set<string>();
  for (const file of files) {
    const target = resolve(roots.root, file.absolute);
    const folder = dirname(target);
    if (!checked.has(folder)) {
      const real = realTarget(folder);
      if (!allowed.some((r) => isInside(r, real)))
        throw refuse(shown(roots, target), `its folder resolves to ${real}, outside the project`);
      makeFolders(roots, folder);
      checked.add(folder);
    }
    assertWritableName(roots, target, "write");
    openChecked(roots, allowed, target, false, (fd) => {
      ftruncateSync(fd, 0);
      writeFileSync(fd, file.text);
    });
  }
}

/** Appends `text` to `absolute` (creating it and its folders), under the same guard as writeProjectFile. */
export function appendProjectFile(roots: WriteRoots, absolute: string, text: string): void {
  writeThrough(roots, resolve(roots.root, absolute), true, (fd) => writeFileSync(fd, text));
}

/**
 * Replaces `absolute` whole through a temporary file beside it, so a reader never sees half a file. Both
 * names are checked; a rename replaces the name itself and never follows a link found there.
 */
export function replaceProjectFile(roots: WriteRoots, absolute: string, text: string): void {
  const target = resolve(roots.root, absolute);
  assertWritable(roots, target, "write");
  const temporary = `${target}.tmp-${process.pid}`;
  writeProjectFile(roots, temporary, text);
  try {
    assertWritable(roots, target, "write");
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Renames `from` to `to`, both inside the roots and neither a link (rotating a log, say). */
export function renameProjectFile(roots: WriteRoots, from: string, to: string): void {
  const source = resolve(roots.root, from);
  const target = resolve(roots.root, to);
  assertWritable(roots, source, "write");
  assertWritable(roots, target, "write");
  renameSync(source, target);
}

/** Deletes the file `absolute`: only inside the roots, and a link is refused rather than followed or removed. */
export function removeProjectFile(
  roots: WriteRoots,
  absolute: string,
  options: { force?: boolean } = {},
): void {
  const target = resolve(roots.root, absolute);
  if (options.force && lstatSync(target, { throwIfNoEntry: false }) === undefined) return;
  assertWritable(roots, target, "delete");
  unlinkSync(target);
}
