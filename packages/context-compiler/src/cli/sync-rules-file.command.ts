// archon sync-rules-file: absorb hand edits to .archon/rules.md (a person edited it, so this approves them).

import { writeContext } from "../context/archon-context.js";
import { syncRulesFile } from "../knowledge/standing-rules/sync-rules-file.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface Output {
  write(text: string): unknown;
}

export function syncRulesFileCommand(
  options: GlobalOptions,
  opts: { json?: boolean; dryRun?: boolean },
  out: Output = process.stdout,
): void {
  const ctx = openContext(options);
  try {
    const result = syncRulesFile(writeContext(ctx), { dry_run: opts.dryRun === true });
    if (opts.json) {
      out.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    out.write(`${result.message}\n`);
  } finally {
    ctx.close();
  }
}
