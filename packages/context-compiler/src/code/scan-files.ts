// The source files to index, each with git's blob sha of its content. A clean tracked file's sha comes from
// `git ls-files -s` without reading the file; dirty and untracked files (and every file outside git) are
// read and hashed the way git hashes a blob, so the same content has the same sha either way.
import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { runGit } from "../knowledge/git.js";
import { listProjectFiles } from "../knowledge/project-files.js";
import { readProjectBytes } from "../knowledge/project-path.js";
import { languageOf } from "./languages.js";
import { isLayoutFile } from "./module-world.js";

export interface ScannedFile {
  path: string;
  sha: string;
}

export interface Scan {
  /** Files of an indexed language, sorted by path. */
  files: ScannedFile[];
  /** go.mod files and Python build configurations, which say what an import means inside the repository. */
  layoutFiles: ScannedFile[];
  source: "git" | "walk";
}

/** git's object id of a blob with these bytes. */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash("sha1").update(`blob ${bytes.byteLength}\0`).update(bytes).digest("hex");
}

const wanted = (path: string) => languageOf(path) !== undefined || isLayoutFile(path);

/**
 * The sha of a file read from disk; undefined when it is gone, a link, not a regular file, unreadable, or
 * refused by the read guard (a folder on its path is a link out of the project).
 */
function hashOnDisk(root: string, path: string): string | undefined {
  try {
    if (!lstatSync(join(root, path)).isFile()) return undefined;
    return gitBlobSha(readProjectBytes(root, path));
  } catch {
    return undefined;
  }
}

const zList = (out: string | undefined) => (out ?? "").split("\0").filter((p) => p !== "");

export function scanSourceFiles(root: string): Scan {
  const staged = runGit(root, ["-c", "core.quotepath=off", "ls-files", "-s", "-z"]);
  const shas = new Map<string, string | undefined>();
  let source: Scan["source"] = "git";
  if (staged !== undefined) {
    for (const entry of zList(staged)) {
      const tab = entry.indexOf("\t");
      const [mode, sha, stage] = entry.slice(0, tab).split(" ");
      const path = entry.slice(tab + 1);
      // Links and submodules are not files of this repository's own code.
      if (!wanted(path) || (mode !== "100644" && mode !== "100755")) continue;
      // A conflicted file has several stages; what is on disk is what there is to read.
      shas.set(path, stage === "0" && !shas.has(path) ? sha : undefined);
    }
    const dirty = runGit(root, ["-c", "core.quotepath=off", "diff-files", "--name-only", "--relative", "-z"]);
    for (const path of zList(dirty)) if (shas.has(path)) shas.set(path, undefined);
    const untracked = runGit(root, [
      "-c",
      "core.quotepath=off",
      "ls-files",
      "-z",
      "--others",
      "--exclude-standard",
    ]);
    for (const path of zList(untracked)) if (wanted(path)) shas.set(path, undefined);
  } else {
    source = "walk";
    for (const path of listProjectFiles(root).files) if (wanted(path)) shas.set(path, undefined);
  }
  const files: ScannedFile[] = [];
  const layoutFiles: ScannedFile[] = [];
  for (const [path, known] of [...shas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const sha = known ?? hashOnDisk(root, path);
    if (sha === undefined) continue; // deleted from the work tree
    // setup.py is both: source to index, and a layout file naming package roots.
    if (languageOf(path) !== undefined) files.push({ path, sha });
    if (isLayoutFile(path)) layoutFiles.push({ path, sha });
  }
  return { files, layoutFiles, source };
}
