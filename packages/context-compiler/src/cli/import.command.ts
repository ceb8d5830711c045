// archon import <file>
import { resolve } from "node:path";
import { importDatabase } from "../store/export-import.js";
import type { GlobalOptions } from "./options.js";

export function importCommand(options: GlobalOptions, file: string): void {
  const result = importDatabase(options.db, resolve(file));
  process.stdout.write(
    `Replaced ${options.db} with ${resolve(file)}: ${result.rows} rows, knowledge_version ${result.knowledge_version}.\n`,
  );
}
