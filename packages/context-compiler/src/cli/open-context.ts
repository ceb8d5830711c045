// Commands act as the admin surface: a person at a terminal is the approving human.
import { createArchonContext } from "../context/archon-context.js";
import type { GlobalOptions } from "./options.js";

/**
 * `creates` is for the commands whose purpose is to make the project (seed, import, migrate...): only
 * they may create .archon/ in a folder that has none; every other command refuses there, creating nothing.
 */
export function openContext(options: GlobalOptions, intent: { creates?: boolean } = {}) {
  return createArchonContext({
    surface: "admin",
    channel: "cli",
    dbPath: options.db,
    projectRoot: options.projectRoot,
    templatesDir: options.templates,
    projectMustExist: intent.creates !== true,
  });
}
