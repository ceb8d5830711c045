// archon export-rules: the approved knowledge as every editor's native rule files; --check gates CI.
import { type ExportResult, exportRules } from "../adapters/export/export-rules.js";
import { parseExportTargets } from "../adapters/export/rule-formats.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface ExportRulesOptions {
  targets: string;
  check?: boolean;
  json?: boolean;
}

export function formatExport(result: ExportResult): string {
  const width = Math.max(0, ...result.files.map((f) => f.action.length));
  const lines = result.files.map(
    (f) => `${f.action.padEnd(width)}  ${f.path}${f.reason ? `  (${f.reason})` : ""}`,
  );
  for (const s of result.skipped) lines.push(`skipped ${s.doc_id}: ${s.reason}`);
  const conflicts = result.files.filter((f) => f.action === "conflict").length;
  if (result.check)
    lines.push(
      result.changed
        ? "The exported rules are out of date: run archon export-rules without --check and commit the result."
        : "The exported rules match the knowledge base.",
    );
  else lines.push(`Exported ${result.rules} rule(s) for ${result.targets.join(", ")}.`);
  if (conflicts > 0)
    lines.push(`${conflicts} hand-written file(s) sit where archon would write; they were left alone.`);
  return `${lines.join("\n")}\n`;
}

/** Writes (or checks) the files and returns the exit code: 1 when --check finds a difference. */
export function exportRulesCommand(
  options: GlobalOptions,
  opts: ExportRulesOptions,
  write: (text: string) => void = (text) => process.stdout.write(text),
): number {
  const targets = parseExportTargets(opts.targets);
  const ctx = openContext(options);
  try {
    const result = exportRules(
      { db: ctx.kdb.db, projectRoot: ctx.projectRoot },
      { targets, check: opts.check },
    );
    write(opts.json ? `${JSON.stringify(result, null, 2)}\n` : formatExport(result));
    return opts.check && result.changed ? 1 : 0;
  } finally {
    ctx.close();
  }
}
