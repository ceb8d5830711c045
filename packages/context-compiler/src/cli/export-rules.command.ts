// archon export-rules: the approved knowledge as every editor's native rule files; --check gates CI.
import { type ExportResult, exportRules } from "../adapters/export/export-rules.js";
import { parseExportTargets } from "../adapters/export/export-targets.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface ExportRulesOptions {
  targets: string;
  check?: boolean;
  json?: boolean;
}

export function formatExport(result: ExportResult): string {
  const files = result.files.filter((f) => f.action !== "conflict");
  const width = Math.max(0, ...files.map((f) => f.action.length));
  const lines = files.map((f) => `${f.action.padEnd(width)}  ${f.path}`);
  for (const s of result.skipped)
    lines.push(`skipped ${s.doc_id}${"target" in s ? ` for ${s.target}` : ""}: ${s.reason}`);
  for (const c of result.conflicts) lines.push(`warning: left ${c.path} alone: ${c.reason}`);
  for (const w of result.warnings) lines.push(`warning: ${w.message}`);
  if (result.check)
    lines.push(
      result.drift.length > 0
        ? "The exported rules are out of date: run archon export-rules without --check and commit the result."
        : "The exported rules match the knowledge base.",
    );
  else lines.push(`Exported ${result.rules} rule(s) for ${result.targets.join(", ")}.`);
  return `${lines.join("\n")}\n`;
}

/**
 * Writes (or checks) the files and returns the exit code: 1 when --check finds drift. Hand-written
 * files in the way are warnings, not failures: archon must not touch them, so CI cannot be made green by it.
 */
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
    return opts.check && result.drift.length > 0 ? 1 : 0;
  } finally {
    ctx.close();
  }
}
