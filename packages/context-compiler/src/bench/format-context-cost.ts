// The context-cost report as markdown: bytes always loaded, and per file what an agent reads natively
// against through archon, with the issues' targets (at most 1.1x native + 1 KB; under 25% of one file;
// at most 1.25x the text of the rules the file needs, the floor issue 31's target is restated against).
import type { ContextCost } from "./context-cost.js";

const kb = (n: number) => (n / 1024).toFixed(1);

export function formatContextCost(costs: readonly ContextCost[]): string {
  const out: string[] = [];
  for (const c of costs) {
    out.push(`### ${c.fixture}`, "", `Every rule in one file: ${kb(c.single_file_bytes)} KB.`, "");
    if (c.always_loaded.length > 0) {
      out.push("| agent | always loaded before migrate (KB) | after (KB) |", "|---|---:|---:|");
      for (const a of c.always_loaded) out.push(`| ${a.agent} | ${kb(a.before)} | ${kb(a.after)} |`);
      out.push("");
    }
    out.push(
      "| file | native: Claude Code / Codex / Cursor (KB) | compile text / structuredContent (KB) | through archon, with plan (KB) | without plan (KB) | with plan vs the smallest native | vs one file | the rules' text alone (KB) | with plan vs the rules' text |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const f of c.files) {
      const natives = [f.native.claude, f.native.codex, f.native.cursor];
      const smallest = Math.min(...natives);
      const meets = f.archon_with_plan <= 1.1 * smallest + 1024 ? "meets" : "misses";
      const overFloor = f.archon_with_plan / f.rule_text_with_plan;
      const meetsFloor = overFloor <= 1.25 ? "meets" : "misses";
      out.push(
        `| \`${f.file}\` | ${natives.map(kb).join(" / ")} | ${kb(f.text_bytes)} / ${kb(f.structured_bytes)} | ${kb(f.archon_with_plan)} | ${kb(f.archon_without_plan)} | ${(f.archon_with_plan / smallest).toFixed(2)}x (${meets} 1.1x + 1 KB) | ${((100 * f.archon_with_plan) / c.single_file_bytes).toFixed(0)}% | ${kb(f.rule_text_with_plan)} | ${overFloor.toFixed(2)}x (${meetsFloor} 1.25x) |`,
      );
    }
    out.push("");
  }
  return out.join("\n");
}
