// archon bench: the labeled retrieval corpus, and with --external the real-repository set, reported apart;
// with --full and ANTHROPIC_API_KEY, the LLM-judge generation A/B on the real-repository cases.
import type { JudgeReport } from "../quality/judge-ab.js";
import { type BenchReport, runBench, type SetReport } from "../quality/run-bench.js";

function formatSet(title: string, set: SetReport): string[] {
  const lines = [
    `${title}: ${set.passed}/${set.cases} cases exact, mean precision ${set.precision}, mean recall ${set.recall}`,
    ...Object.entries(set.by_group).map(([g, s]) => `  ${g}: ${s.passed}/${s.cases}`),
  ];
  for (const r of set.results.filter((x) => !x.passed)) lines.push(`  FAIL ${r.id}: ${r.failure}`);
  return lines;
}

function formatJudge(full: JudgeReport): string[] {
  const t = full.totals;
  const rate = t.win_rate === null ? "no case decided" : `archon's win rate ${t.win_rate} over decided cases`;
  const temperature =
    full.temperature === null ? "the model's default temperature" : `temperature ${full.temperature}`;
  return [
    `LLM-judge A/B (${full.model}, ${temperature}): ${t.wins} won, ${t.losses} lost, ${t.ties} tied, ${t.errors} errors of ${t.cases}; ${rate}`,
    `  archon's contexts are ${t.context_ratio} of the baseline's bytes (every rule in one file)`,
    ...full.cases.map(
      (c) =>
        `  ${c.winner.padEnd(8)} ${c.id} (${c.bytes_a} B vs ${c.bytes_b} B)${c.reason ? `: ${c.reason}` : ""}`,
    ),
  ];
}

export function formatBench(report: BenchReport): string {
  const lines = formatSet("internal corpus", report.internal);
  if (report.external) lines.push("", ...formatSet("external set (real repositories)", report.external));
  lines.push(
    "",
    ...(report.full.ran ? formatJudge(report.full) : [`--full: skipped (${report.full.reason})`]),
  );
  return `${lines.join("\n")}\n`;
}

/**
 * Prints the report, the A/B's progress on stderr; exit code 1 when an internal case fails (the
 * external set and the A/B are measures, not gates).
 */
export async function benchCommand(
  flags: { external?: boolean; full?: boolean; json?: boolean },
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const report = await runBench({
    external: flags.external ?? false,
    full: flags.full ?? false,
    env: process.env,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatBench(report));
  return report.internal.passed === report.internal.cases ? 0 : 1;
}
