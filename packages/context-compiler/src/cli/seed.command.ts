// archon seed <file>
import { resolve } from "node:path";
import { writeContext } from "../context/archon-context.js";
import { applySeed } from "../knowledge/apply-seed.js";
import { readSeedFile } from "../knowledge/seed-file.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export function seedCommand(options: GlobalOptions, file: string, opts: { json?: boolean }): void {
  const ctx = openContext(options, { creates: true });
  try {
    const plan = readSeedFile(ctx.kdb.db, resolve(file), options.projectRoot);
    const summary = applySeed(writeContext(ctx), plan);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      return;
    }
    process.stdout.write(
      summary.changed
        ? `Seeded ${summary.documents} documents (${summary.documents_changed} changed, ${summary.edges_added} edges added, ${summary.edges_removed} removed, ${summary.layer_rules_added} layer rules added).\nknowledge_version ${summary.knowledge_version}, snapshot ${summary.snapshot_id}.\n`
        : `Already up to date: ${summary.documents} documents, knowledge_version ${summary.knowledge_version}.\n`,
    );
  } finally {
    ctx.close();
  }
}
