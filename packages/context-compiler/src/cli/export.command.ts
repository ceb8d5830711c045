// archon export <file>
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { exportDatabase } from "../store/export-import.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export function exportCommand(options: GlobalOptions, file: string): void {
  const ctx = openContext(options);
  try {
    const data = exportDatabase(ctx.kdb.db);
    writeFileSync(resolve(file), `${JSON.stringify(data, null, 2)}\n`);
    const rows = Object.values(data.tables).reduce((n, t) => n + t.length, 0);
    process.stdout.write(`Exported ${rows} rows to ${resolve(file)}.\n`);
  } finally {
    ctx.close();
  }
}
