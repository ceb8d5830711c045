// archon bench: the labeled retrieval corpus, and with --external the real-repository set, reported apart.
import { type BenchReport, runBench, type SetReport } from "../quality/run-bench.js";

function formatSet(title: string, set: SetReport): string[] {
  const lines = [
    `${title}: ${set.passed}/${set.cases} cases exact, mean precision ${set.precision}, mean recall ${set.recall}`,
    ...Object.entries(set.by_group).map(([g, s]) => `  ${g}: ${s.passed}/${s.cases}`),
  ];
  for (const r of set.results.filter((x) => !x.passed)) lines.push(`  FAIL ${r.id}: ${r.failure}`);
  return lines;
}

export function formatBench(report: BenchReport): string {
  const lines = formatSet("internal corpus", report.internal);
  if (report.external) lines.push("", ...formatSet("external set (real repositories)", report.external));
  lines.push("", `--full: skipped (${report.full.reason})`);
  return `${lines.join("\n")}\n`;
}

/** Prints the report; exit code 1 when an internal case fails (the external set is a measure, not a gate). */
export function benchCommand(
  flags: { external?: boolean; full?: boolean; json?: boolean },
  write: (text: string) => void = (text) => process.stdout.write(text),
): number {
  const report = runBench({ external: flags.external ?? false, full: flags.full ?? false, env: process.env });
  write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatBench(report));
  return report.internal.passed === report.internal.cases ? 0 : 1;
}
