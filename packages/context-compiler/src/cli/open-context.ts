// Commands act as the admin surface: a person at a terminal is the approving human.
import { createArchonContext } from "../context/archon-context.js";
import type { GlobalOptions } from "./options.js";

export function openContext(options: GlobalOptions) {
  return createArchonContext({
    surface: "admin",
    channel: "cli",
    dbPath: options.db,
    projectRoot: options.projectRoot,
    templatesDir: options.templates,
  });
}
