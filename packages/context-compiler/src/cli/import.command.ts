// archon import <file>
import { resolve } from "node:path";
import { projectDatabaseRefusal } from "../context/project-database.js";
import { importDatabase } from "../store/export-import.js";
import type { GlobalOptions } from "./options.js";

export function importCommand(options: GlobalOptions, file: string): void {
  // Importing may create the project, never write through an .archon linked out of it.
  const refusal = projectDatabaseRefusal(options.db, options.projectRoot, false);
  if (refusal) throw refusal;
  const result = importDatabase(options.db, resolve(file));
  process.stdout.write(
    `Replaced ${options.db} with ${resolve(file)}: ${result.rows} rows, knowledge_version ${result.knowledge_version}.\n`,
  );
}
