// The project's file list, which curation checks globs against: git's view first, a bounded walk otherwise.
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";
import { GlobIndex } from "../read/glob-index.js";
import { runGit } from "./git.js";

export interface ProjectFiles {
  /** Repo-relative paths with forward slashes, sorted. */
  files: string[];
  source: "git" | "walk";
  /** The walk stopped at its bound, so "matches no file" cannot be concluded. */
  truncated: boolean;
}

export const WALK_LIMIT = 20_000;
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(["node_modules", ".git", "dist", ".archon"]);

/**
 * Tracked plus untracked-but-not-ignored files, so a file created this session already counts. With
 * `keep`, only the files it accepts are listed, and only they count toward the walk's bound: a search
 * for a few kinds of file is not cut short by thousands of unrelated ones.
 */
export function listProjectFiles(
  projectRoot: string,
  walkLimit = WALK_LIMIT,
  keep: (file: string) => boolean = () => true,
): ProjectFiles {
  const out = runGit(projectRoot, [
    "-c",
    "core.quotepath=off",
    "ls-files",
    "-z",
    "--cached",
    "--others",
    "--exclude-standard",
  ]);
  if (out !== undefined) {
    const files = [...new Set(out.split("\0").filter((f) => f !== "" && keep(f)))].sort();
    return { files, source: "git", truncated: false };
  }
  return walk(projectRoot, walkLimit, keep);
}

function walk(projectRoot: string, limit: number, keep: (file: string) => boolean): ProjectFiles {
  const files: string[] = [];
  const queue = [""];
  let truncated = false;
  // Breadth first through an index, not shift(): a tree of many folders would make every step copy the queue.
  for (let head = 0; head < queue.length && !truncated; head++) {
    const folder = queue[head] as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(projectRoot, folder), { withFileTypes: true });
    } catch {
      continue; // an unreadable folder is skipped, not fatal
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const rel = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) queue.push(rel);
      } else if (entry.isFile() && keep(rel)) {
        if (files.length >= limit) {
          truncated = true;
          break;
        }
        files.push(rel);
      }
    }
  }
  return { files: files.sort(), source: "walk", truncated };
}

/**
 * The files each glob matches (sorted, as `files` is), through one GlobIndex so many globs over many files
 * stay cheap. Globs that globProblem refuses must be filtered out before.
 */
export function filesByGlob(globs: readonly string[], files: readonly string[]): Map<string, string[]> {
  const index = new GlobIndex<string>();
  const out = new Map<string, string[]>();
  for (const glob of globs) {
    if (out.has(glob)) continue;
    index.add(glob, glob);
    out.set(glob, []);
  }
  for (const file of files) {
    for (const hit of index.match(file)) out.get(hit.pattern)?.push(file);
  }
  return out;
}
