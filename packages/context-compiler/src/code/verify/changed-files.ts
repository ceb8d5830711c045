// What a change touches: files from a unified diff (parsed by the `diff` library, git's a/ b/ prefixes
// stripped) and from changed_files, each with the lines the diff added.

import { createRequire } from "node:module";
import { UserError } from "@archon/core";
import type { StructuredPatch } from "diff";
import { toRepoPath } from "../../read/glob.js";

const require = createRequire(import.meta.url);
/** The diff library, loaded on the first diff: a server starts without it. */
const diffLibrary = () => require("diff") as typeof import("diff");

export interface ChangedFile {
  path: string;
  status: "added" | "modified" | "deleted";
  /** New-side line numbers the diff added, with their text; null when the file came from changed_files only. */
  added: Map<number, string> | null;
  /** The whole new text, when the diff creates the file (so it can be read even if it is not on disk). */
  created: string | null;
}

const NULL_FILE = "/dev/null";

function stripPrefix(name: string | undefined, prefix: "a/" | "b/", git: boolean): string | undefined {
  if (name === undefined || name === NULL_FILE) return undefined;
  return git && name.startsWith(prefix) ? name.slice(2) : name;
}

function addedLines(patch: StructuredPatch): Map<number, string> {
  const added = new Map<number, string>();
  for (const hunk of patch.hunks) {
    let line = hunk.newStart;
    for (const row of hunk.lines) {
      if (row.startsWith("+")) added.set(line++, row.slice(1));
      else if (row.startsWith(" ")) line++;
      // "-" lines are the old side; "\ No newline at end of file" is neither.
    }
  }
  return added;
}

/** The files of a diff and a list, repo-relative and normalized, one entry each, sorted by path. */
export function changedFiles(
  projectRoot: string,
  diff: string | undefined,
  files: readonly string[],
): ChangedFile[] {
  const out = new Map<string, ChangedFile>();
  if (diff !== undefined && diff.trim() !== "") {
    let patches: StructuredPatch[];
    try {
      patches = diffLibrary().parsePatch(diff);
    } catch (error) {
      throw new UserError(
        `The diff could not be parsed: ${(error as Error).message}.`,
        "Pass unified diff text as `git diff` prints it, or list the files in changed_files instead.",
        "diff",
      );
    }
    for (const patch of patches) {
      // git marks its headers; a plain `diff -u` has no a/ b/ prefixes to strip.
      const git =
        patch.isGit === true ||
        (patch.oldFileName?.startsWith("a/") === true && patch.newFileName?.startsWith("b/") === true);
      const before = stripPrefix(patch.oldFileName, "a/", git);
      const after = stripPrefix(patch.newFileName, "b/", git);
      const oldPath = before === undefined ? undefined : toRepoPath(projectRoot, before);
      const newPath = after === undefined ? undefined : toRepoPath(projectRoot, after);
      if (newPath === undefined && oldPath !== undefined) {
        out.set(oldPath, { path: oldPath, status: "deleted", added: null, created: null });
        continue;
      }
      if (newPath === undefined) continue;
      // A rename leaves the old name behind: that file is gone.
      if (oldPath !== undefined && oldPath !== newPath)
        out.set(oldPath, { path: oldPath, status: "deleted", added: null, created: null });
      const created = oldPath === undefined || patch.isCreate === true;
      const added = addedLines(patch);
      out.set(newPath, {
        path: newPath,
        status: created ? "added" : "modified",
        added,
        created: created ? [...added.values()].join("\n") : null,
      });
    }
    if (out.size === 0)
      throw new UserError(
        "The diff names no file.",
        "Pass unified diff text with its ---/+++ file headers, as `git diff` prints it, or use changed_files.",
        "diff",
      );
  }
  for (const file of files) {
    const path = toRepoPath(projectRoot, file);
    if (path !== undefined && !out.has(path))
      out.set(path, { path, status: "modified", added: null, created: null });
  }
  return [...out.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}
