// archon doctor: the full health scan. Exit code 1 when there are errors, so CI can gate on it. With
// --repair it rebuilds a damaged database instead (doctor-repair.ts).

import { writeContext } from "../context/archon-context.js";
import { type DoctorReport, runDoctor } from "../knowledge/curation/doctor.js";
import { SEVERITIES } from "../knowledge/curation/finding.js";
import { type Channel, step } from "../knowledge/next-step.js";
import { auditLogReport, formatAuditLog } from "../quality/audit-log-size.js";
import { formatRepair, repairDatabase } from "./doctor-repair.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

/** Runs the scan, prints it, and returns the exit code for the caller to set. */
export function doctorCommand(
  options: GlobalOptions,
  opts: { json?: boolean; repair?: boolean },
  write: (text: string) => void = (text) => process.stdout.write(text),
): number {
  if (opts.repair) {
    const report = repairDatabase(options);
    write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatRepair(report));
    return 0;
  }
  const ctx = openContext(options);
  try {
    const report = runDoctor(writeContext(ctx));
    ctx.compiler.flushAudit();
    const audit_log = auditLogReport(ctx.kdb.db, ctx.clock);
    write(
      opts.json
        ? `${JSON.stringify({ ...report, audit_log }, null, 2)}\n`
        : `${formatDoctorReport(report, ctx.channel)}\n${formatAuditLog(audit_log).join("\n")}\n`,
    );
    return report.ok ? 0 : 1;
  } finally {
    ctx.close();
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Human output, grouped by severity; every finding names the ids to chase. */
export function formatDoctorReport(report: DoctorReport, channel: Channel): string {
  const { summary, project_files: files } = report;
  const lines = [
    `archon doctor: ${plural(summary.error, "error")}, ${plural(summary.warning, "warning")}, ${summary.info} info`,
    `knowledge_version ${report.knowledge_version}; ${plural(files.count, "project file")} (from ${files.source}${files.truncated ? ", truncated" : ""})`,
  ];
  for (const severity of SEVERITIES) {
    const group = report.findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    lines.push("", `${severity === "info" ? "info" : `${severity}s`} (${group.length})`);
    for (const f of group) {
      const ids = [
        ...(f.doc_ids.length > 0 ? [`docs ${f.doc_ids.join(", ")}`] : []),
        ...(f.edge_ids.length > 0 ? [`edges ${f.edge_ids.join(", ")}`] : []),
      ].join("; ");
      lines.push(`  ${f.check.padEnd(18)} ${f.message}${ids ? ` [${ids}]` : ""}`);
    }
  }
  if (report.findings.length === 0) lines.push("", "No findings: the knowledge base is healthy.");
  if (report.skipped.length > 0) lines.push("", "skipped", ...report.skipped.map((s) => `  ${s}`));
  if (report.findings.length > 0)
    lines.push(
      "",
      `Chase ids with ${step(channel, "get_document")} / ${step(channel, "get_edge")}; --json prints the structured report.`,
    );
  return `${lines.join("\n")}\n`;
}
