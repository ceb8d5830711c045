// Options every command shares, resolved the one way: the project root found or given, --db relative to it.
import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { UserError } from "@archon/core";
import { runGit } from "../knowledge/git.js";
import type { Surface } from "../knowledge/surface.js";
import { ARCHON_DB } from "../vocabulary/project-files.js";

export const DEFAULT_DB = ARCHON_DB;

export interface GlobalOptions {
  surface: Surface;
  db: string;
  projectRoot: string;
  /** Absolute; undefined means the bundled templates. */
  templates?: string;
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/**
 * The project `cwd` belongs to: the nearest folder at or above it holding `.archon/`, else the git top
 * level, else `cwd` itself. Inside a git repository the walk stops at its top level, so a worktree or a
 * clone nested under another archon project never reaches that project's database.
 */
export function findProjectRoot(cwd: string): string {
  const start = resolve(cwd);
  const top = runGit(start, ["rev-parse", "--show-toplevel"])?.trim();
  const stop = top ? resolve(top) : undefined;
  for (let dir = start; ; dir = dirname(dir)) {
    if (isDirectory(join(dir, ".archon"))) return dir;
    if (dir === stop || dirname(dir) === dir) break;
  }
  return stop ?? start;
}

export function resolveGlobalOptions(
  raw: {
    surface?: string;
    db?: string;
    projectRoot?: string;
    templates?: string;
  },
  cwd: string = process.cwd(),
): GlobalOptions {
  const projectRoot = raw.projectRoot === undefined ? findProjectRoot(cwd) : resolve(cwd, raw.projectRoot);
  if (!isDirectory(projectRoot)) {
    throw new UserError(
      `--project-root ${projectRoot} is not a directory.`,
      "Pass the project's folder, or leave --project-root out inside the project to have archon find it.",
    );
  }
  const surface = raw.surface ?? "agent";
  if (surface !== "agent" && surface !== "admin") {
    throw new UserError(`--surface must be agent or admin, not "${surface}".`);
  }
  const db = raw.db ?? DEFAULT_DB;
  const templates = raw.templates === undefined ? undefined : resolve(cwd, raw.templates);
  if (templates !== undefined && !isDirectory(templates)) {
    throw new UserError(`--templates ${templates} is not a directory.`);
  }
  return { surface, projectRoot, db: isAbsolute(db) ? db : resolve(projectRoot, db), templates };
}
