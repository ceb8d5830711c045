// The file-import sandbox: a repo-relative path must resolve, symbolic links included, inside the project root.
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { relative, resolve, sep } from "node:path";
import { isDatabaseFile, UserError } from "@archon/core/files";
import { descriptorPath, isInside, NOFOLLOW, NONBLOCK, realTarget } from "./project-write.js";

export interface ProjectFile {
  /** Absolute real path on disk. */
  absolute: string;
  /** Path relative to the project root, with forward slashes: what is stored as source_path. */
  relative: string;
}

/** The system's realpath: one call, where fs.realpathSync lstat()s every folder of the path in JavaScript. */
const realpath = realpathSync.native;

/** A file over the size its reader takes: the reader says what it did without it. */
export class FileTooLargeError extends UserError {
  constructor(field: string, input: string, maxBytes: number, size: number) {
    super(`${field} "${input}" is ${size} bytes, more than the ${maxBytes} read here.`, undefined, field);
  }
}

const leadsOutside = (field: string, input: string, real: string) =>
  new UserError(
    `${field} "${input}" is a symbolic link that leads outside the project root (to ${real}).`,
    "Imports are limited to files inside --project-root.",
    field,
  );

const missing = (field: string, input: string, root: string) =>
  new UserError(
    `${field} "${input}" does not exist under ${root}.`,
    "Check the path; it is relative to the project root.",
    field,
  );

/**
 * Opens `input` and checks where the open descriptor really is, so a folder swapped for a link between
 * the check and the read cannot leak an outside file: what is read is what was checked.
 */
function withProjectFile<T>(
  projectRoot: string,
  input: string,
  field: string,
  use: (fd: number, file: ProjectFile) => T,
  maxBytes = Number.POSITIVE_INFINITY,
): T {
  const root = realpath(projectRoot);
  const real = realPathInside(root, input, field);
  let fd: number;
  try {
    // The resolved path has no link left in it; O_NOFOLLOW refuses one swapped in since. A FIFO there is
    // opened without waiting for a writer (NONBLOCK), then refused below as not a regular file.
    fd = openSync(real, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw missing(field, input, root);
    throw leadsOutside(field, input, real);
  }
  try {
    const stat = fstatSync(fd);
    const opened = openedPath(fd, real, stat);
    if (!isInside(root, opened)) throw leadsOutside(field, input, opened || real);
    if (!stat.isFile()) throw new UserError(`${field} "${input}" is not a regular file.`, undefined, field);
    if (stat.size > maxBytes) throw new FileTooLargeError(field, input, maxBytes, stat.size);
    return use(fd, { absolute: opened, relative: relative(root, opened).split(sep).join("/") });
  } finally {
    closeSync(fd);
  }
}

/** The path checks before anything is opened: `input`, links followed, names a non-database file under `root`. */
function realPathInside(root: string, input: string, field: string): string {
  if (input.trim() === "")
    throw new UserError(`${field} is empty.`, "Give a path relative to the project root.", field);
  const candidate = resolve(root, input);
  if (!isInside(root, candidate)) {
    throw new UserError(
      `${field} "${input}" is outside the project root ${root}.`,
      "Imports are limited to files inside --project-root; copy the file into the project first.",
      field,
    );
  }
  let real: string;
  try {
    real = realpath(candidate);
  } catch {
    throw missing(field, input, root);
  }
  if (!isInside(root, real)) throw leadsOutside(field, input, real);
  // Opening and closing a database file here would drop the locks this process's SQLite holds on it.
  if (isDatabaseFile(real))
    throw new UserError(
      `${field} "${input}" is a SQLite database, not a text file.`,
      "archon reads its databases only through SQLite; give the path of a source or Markdown file.",
      field,
    );
  return real;
}

/**
 * Where the open descriptor really is, from the kernel. Where /proc is missing, the descriptor must
 * still be the file the checked path named (same inode); otherwise the answer is "".
 */
function openedPath(fd: number, real: string, stat: Stats): string {
  const named = descriptorPath(fd);
  if (named !== undefined) return named;
  const now = statSync(real, { throwIfNoEntry: false });
  return now && now.ino === stat.ino && now.dev === stat.dev ? real : "";
}

/** Resolves `input` against the project root; refuses `..`, outside absolute paths and links that leave. */
export function resolveProjectFile(projectRoot: string, input: string, field = "file_path"): ProjectFile {
  return withProjectFile(projectRoot, input, field, (_fd, file) => file);
}

/**
 * The exact bytes of the file, read from the very descriptor that was checked (backups keep every byte);
 * a FileTooLargeError past `maxBytes`, before anything is read.
 */
export function readProjectBytes(
  projectRoot: string,
  input: string,
  field = "file_path",
  maxBytes?: number,
): Buffer {
  return withProjectFile(projectRoot, input, field, (fd) => readFileSync(fd), maxBytes);
}

/** Like resolveProjectFile, and the text read from the very descriptor that was checked; bounded as readProjectBytes. */
export function readProjectFile(
  projectRoot: string,
  input: string,
  field = "file_path",
  maxBytes?: number,
): ProjectFile & { text: string } {
  return withProjectFile(
    projectRoot,
    input,
    field,
    (fd, file) => ({ ...file, text: readFileSync(fd, "utf8") }),
    maxBytes,
  );
}

/**
 * Why a source_path, links followed, lands outside the project (undefined when it stays inside). The
 * file may not exist yet; its deepest existing folder is what is resolved. Run on storing and on approval.
 */
export function sourcePathOutside(projectRoot: string, sourcePath: string): string | undefined {
  const root = realpath(projectRoot);
  const real = realTarget(resolve(root, sourcePath.split("#", 1)[0] as string));
  return isInside(root, real)
    ? undefined
    : `source_path "${sourcePath}" leads outside the project root (to ${real})`;
}
