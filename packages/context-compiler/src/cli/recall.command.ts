// archon recall: episodic memory at the terminal, the same index the recall tool answers with.
import { RECENT_RUNS, type RecallResult, recall } from "../memory/recall.js";
import { toRepoPath } from "../read/glob.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface RecallFlags {
  files?: string[];
  run?: string;
  recentRuns?: number;
  search?: string;
  gaps?: boolean;
  json?: boolean;
}

export function formatRecall(result: RecallResult): string {
  const lines: string[] = [];
  if (result.runs.length === 0)
    lines.push("No runs in episodic memory yet: runs are recorded as an MCP server compiles.");
  else lines.push(`${result.runs.length} run(s), newest first:`);
  for (const r of result.runs)
    lines.push(`  ${r.run_id}  ${r.started_at}  ${r.compiles} compile(s)  ${r.files.join(", ")}`);
  lines.push("", result.hits.length === 0 ? "No hits." : "Hits (score: text/recency/proximity):");
  for (const h of result.hits) {
    const s = h.scores;
    const parts = [`${s.text}/${s.recency}/${s.proximity}`, ...(s.superseded ? ["superseded"] : [])];
    const outcome = h.outcome ? ` [${h.outcome}]` : "";
    lines.push(`  ${h.score.toFixed(3)}  ${h.kind} ${h.id}${outcome}  (${parts.join(", ")})  ${h.excerpt}`);
  }
  if (result.gaps) {
    lines.push("", result.gaps.length === 0 ? "No near misses logged." : "Near misses per edge:");
    for (const g of result.gaps) lines.push(`  ${g.near_misses}x  ${g.pattern} -> ${g.doc_ids.join(", ")}`);
  }
  if (result.truncated)
    lines.push("", "Truncated to the size budget: narrow with --files, --run or --search.");
  return `${lines.join("\n")}\n`;
}

export function recallCommand(
  options: GlobalOptions,
  flags: RecallFlags,
  write: (text: string) => void = (text) => process.stdout.write(text),
): void {
  const ctx = openContext(options);
  try {
    const files = flags.files?.flatMap((f) => toRepoPath(ctx.projectRoot, f) ?? []);
    const result = recall(
      ctx.kdb.db,
      {
        ...(files ? { files } : {}),
        ...(flags.run ? { run_id: flags.run } : {}),
        recent_runs: flags.recentRuns ?? RECENT_RUNS.default,
        ...(flags.search ? { search: flags.search } : {}),
        gaps: flags.gaps ?? false,
      },
      ctx.clock,
    );
    write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatRecall(result));
  } finally {
    ctx.close();
  }
}
