// archon export-rules: the approved knowledge as the native rule files of the editors a project uses;
// --check gates CI.
import { UserError } from "@archon/core";
import { type ExportResult, exportRules } from "../adapters/export/export-rules.js";
import {
  EXPORT_TARGETS,
  type ExportTarget,
  exportTargetsInUse,
  parseExportTargets,
} from "../adapters/export/export-targets.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface ExportRulesOptions {
  /** Absent: the targets of the agents the project uses. */
  targets?: string;
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
  // Every exported byte an agent loads on each prompt is paid again on every prompt: say how many.
  for (const c of result.costs)
    lines.push(
      `${c.target}: ${c.always_loaded_bytes.toLocaleString("en")} bytes loaded on every prompt (${c.always_loaded.length} file(s)${c.always_loaded.length > 0 ? `: ${c.always_loaded.join(", ")}` : ""}).`,
    );
  return `${lines.join("\n")}\n`;
}

/** The targets named, or those of the agents the project uses; none found is an error, never every target. */
function chooseTargets(projectRoot: string, named: string | undefined): ExportTarget[] {
  if (named !== undefined) return parseExportTargets(named);
  const used = exportTargetsInUse(projectRoot);
  if (used.length === 0)
    throw new UserError(
      "No agent's files were found in this project (CLAUDE.md, AGENTS.md, GEMINI.md, .cursor/, .github/copilot-instructions.md and the like), so export-rules does not know whom to write for.",
      `Name the agents: --targets ${EXPORT_TARGETS.join(",")} (any of them).`,
      "targets",
    );
  return used;
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
  const ctx = openContext(options);
  try {
    const targets = chooseTargets(ctx.projectRoot, opts.targets);
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
