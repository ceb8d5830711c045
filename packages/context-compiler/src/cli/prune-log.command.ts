// archon prune-log --older-than <days>: fold old audit rows into daily aggregates, then delete them.
import { parseOlderThan, pruneLog } from "../quality/prune-log.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export function pruneLogCommand(
  options: GlobalOptions,
  flags: { olderThan?: string; json?: boolean },
  write: (text: string) => void = (text) => process.stdout.write(text),
): void {
  const days = parseOlderThan(flags.olderThan);
  const ctx = openContext(options);
  try {
    ctx.compiler.flushAudit();
    const result = pruneLog(ctx.kdb.db, days, ctx.clock, ctx.projectRoot);
    write(
      flags.json
        ? `${JSON.stringify(result, null, 2)}\n`
        : `Folded ${result.compiles_folded} audit row(s) from before ${result.cutoff} into daily aggregates and deleted them; removed ${result.memory_compiles_removed} compile(s) from episodic memory and ${result.automatic_notes_removed} automatic session note(s), and ${result.reads_removed} file read(s) the read hooks recorded (${result.reads_folded} read delivery(ies) kept as aggregates). Hand-written notes are kept.\n`,
    );
  } finally {
    ctx.close();
  }
}
