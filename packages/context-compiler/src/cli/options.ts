// Options every command shares, resolved the one way: --db relative to --project-root.
import { existsSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { UserError } from "@archon/core";
import type { Surface } from "../knowledge/surface.js";

export const DEFAULT_DB = ".archon/archon.db";

export interface GlobalOptions {
  surface: Surface;
  db: string;
  projectRoot: string;
  /** Absolute; undefined means the bundled templates. */
  templates?: string;
}

export function resolveGlobalOptions(raw: {
  surface?: string;
  db?: string;
  projectRoot?: string;
  templates?: string;
}): GlobalOptions {
  const projectRoot = resolve(raw.projectRoot ?? process.cwd());
  if (!existsSync(projectRoot) || !statSync(projectRoot).isDirectory()) {
    throw new UserError(`--project-root ${projectRoot} is not a directory.`);
  }
  const surface = raw.surface ?? "agent";
  if (surface !== "agent" && surface !== "admin") {
    throw new UserError(`--surface must be agent or admin, not "${surface}".`);
  }
  const db = raw.db ?? DEFAULT_DB;
  const templates = raw.templates === undefined ? undefined : resolve(raw.templates);
  if (templates !== undefined && !(existsSync(templates) && statSync(templates).isDirectory())) {
    throw new UserError(`--templates ${templates} is not a directory.`);
  }
  return { surface, projectRoot, db: isAbsolute(db) ? db : resolve(projectRoot, db), templates };
}
