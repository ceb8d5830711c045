// archon eval: the delivery-quality report; --replay also re-runs every logged compile on today's code
// and exits 1 when any differs, so CI can gate a change of the compiler on it.
import { readReads } from "../hooks/read-log.js";
import { type EvalReport, evaluate } from "../quality/eval.js";
import { type ReplayReport, replayLog } from "../quality/replay.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export function formatEval(report: EvalReport, replay: ReplayReport | undefined): string {
  const { compiles, budget } = report;
  const lines = [
    `archon eval: ${compiles.kept} compile(s) in the log, ${compiles.folded} folded into aggregates, ${compiles.failed} failed`,
    "",
    `Missed deliveries (${report.missed.length}):`,
    ...report.missed.map(
      (m) =>
        `  ${m.observation_id} ${m.event_type} ${m.doc_id ?? "(no doc named)"}${m.compile_id ? ` in ${m.compile_id}` : ""}${m.files.length > 0 ? ` for ${m.files.join(", ")}` : ""}`,
    ),
    "",
    `Unnecessary deliveries, delivered but never cited or read (${report.unnecessary.length}):`,
    ...report.unnecessary.map(
      (u) => `  ${u.doc_id}: ${u.delivered}x (${u.inline} inline, ${u.deferred} deferred)`,
    ),
    "",
    `Read after delivery, by the Read hook (${report.read.length}):`,
    ...report.read.map(
      (r) => `  ${r.doc_id}: ${r.read} of ${r.delivered} deliveries read (${r.source_path})`,
    ),
    "",
    `Budget: ${budget.inline_bytes} of ${budget.max_inline_bytes} inline bytes used (${(budget.utilization * 100).toFixed(1)}%); ${budget.uncited_inline_bytes} bytes on uncited documents (${(budget.waste_share * 100).toFixed(1)}% of inline); ${budget.compiles_with_omissions} compile(s) omitted a document`,
  ];
  if (replay) {
    lines.push(
      "",
      `Replay: ${replay.replayed} compile(s), ${replay.same} reproduced, ${replay.differences.length} differ`,
    );
    for (const d of replay.differences)
      lines.push(
        `  ${d.compile_id} ${d.kind}: logged ${d.logged.result_hash ?? d.logged.error ?? "-"}, now ${d.replayed ? (d.replayed.result_hash ?? d.replayed.error) : "-"}`,
      );
  }
  return `${lines.join("\n")}\n`;
}

/** Prints the report; returns 1 when --replay found a difference, else 0. */
export function evalCommand(
  options: GlobalOptions,
  flags: { replay?: boolean; json?: boolean },
  write: (text: string) => void = (text) => process.stdout.write(text),
): number {
  const ctx = openContext(options);
  try {
    ctx.compiler.flushAudit();
    const report = evaluate(ctx.kdb.db, readReads(ctx.projectRoot));
    const replay = flags.replay ? replayLog(ctx.kdb, ctx.compiler) : undefined;
    write(
      flags.json
        ? `${JSON.stringify({ ...report, ...(replay ? { replay } : {}) }, null, 2)}\n`
        : formatEval(report, replay),
    );
    return replay && replay.differences.length > 0 ? 1 : 0;
  } finally {
    ctx.close();
  }
}
