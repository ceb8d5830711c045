// archon eval: the delivery-quality report; --replay also re-runs every logged compile on today's code
// and exits 1 when any differs, so CI can gate a change of the compiler on it. --team, on a team server,
// judges the audit records replicas shipped too, per person.
import { UserError } from "@archon/core";
import { readReads } from "../hooks/read-log.js";
import { type EvalReport, evaluate } from "../quality/eval.js";
import { type ReplayReport, replayLog } from "../quality/replay.js";
import { evaluateTeam, listShippedAudit, openWorkingCopy, type TeamEvalReport } from "../team/index.js";
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
        d.knowledge
          ? `  ${d.compile_id} ${d.kind}: knowledge_hash recorded ${d.knowledge.recorded}, its snapshot gives ${d.knowledge.replayed} now`
          : `  ${d.compile_id} ${d.kind}: logged ${d.logged.result_hash ?? d.logged.error ?? "-"}, now ${d.replayed ? (d.replayed.result_hash ?? d.replayed.error) : "-"}`,
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

export function formatTeamEval(report: TeamEvalReport): string {
  const people = report.by_person.map(
    (p) =>
      `  ${p.person}: ${p.compiles} compile(s), ${p.missed} missed, ${p.unnecessary} unnecessary deliveries`,
  );
  return `${formatEval(report, undefined)}
Team: ${report.shipped} of the ${report.compiles.kept} compile(s) shipped by replicas (archon sync --ship-audit); by person (${report.by_person.length}):
${people.length > 0 ? `${people.join("\n")}\n` : ""}`;
}

export interface TeamEvalFlags {
  /** The team's shared store; without it, the server's own database (--db) in direct mode. */
  databaseUrl?: string;
  json?: boolean;
}

/** Team-wide eval on the server: over the shipped records, with the server's observations. */
export async function teamEvalCommand(
  options: GlobalOptions,
  flags: TeamEvalFlags,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  let report: TeamEvalReport;
  if (flags.databaseUrl) {
    // The observations and documents are the log's, replayed into a temporary working copy.
    const copy = await openWorkingCopy({
      url: flags.databaseUrl,
      projectRoot: options.projectRoot,
      templatesDir: options.templates,
    });
    try {
      report = evaluateTeam(copy.ctx.kdb.db, await copy.repo.audit.list(), false);
    } finally {
      await copy.close();
    }
  } else {
    const ctx = openContext(options);
    try {
      ctx.compiler.flushAudit();
      report = evaluateTeam(ctx.kdb.db, listShippedAudit(ctx.kdb.db), true);
    } finally {
      ctx.close();
    }
  }
  write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatTeamEval(report));
}

/** --database-url and --replay belong to one form each: refused where they mean nothing. */
export function assertEvalFlags(flags: {
  team?: boolean;
  replay?: boolean;
  databaseUrlGiven: boolean;
}): void {
  if (flags.team && flags.replay)
    throw new UserError(
      "--replay re-runs this database's own compiles; it does not combine with --team.",
      "Run `archon eval --replay` and `archon eval --team` separately.",
    );
  if (!flags.team && flags.databaseUrlGiven)
    throw new UserError(
      "--database-url applies only with --team.",
      "Add --team, or leave --database-url out.",
    );
}
