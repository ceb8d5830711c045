// The grounding record a grounded run exports beside its PRD: the files Archon found the feature touches
// and why, the tests to run first, the schema's tables and the project's rules the drafts were given.
import type { RunState } from "../run-model/state.js";
import { archonGrounding } from "./grounding-block.js";

export const GROUNDING_FILE = "12-grounding.md";

/** The record as markdown; null when the run was not grounded by Archon (an external server's answer is opaque). */
export function groundingRecord(state: RunState): string | null {
  const archon = archonGrounding(state.grounding);
  if (!archon) return null;
  const lines = [
    `# Grounding: ${state.feature_description}`,
    "",
    `Run \`${state.run_id}\`. What Archon's symbol index, call graph, git history, schema and rules say this ` +
      "feature touches; every draft was given this, and the project's rules below beat generic mandates.",
    "",
    "## Files the feature touches",
    "",
  ];
  if (archon.files.length === 0)
    lines.push("None found: no file, rule area or table is named by the feature.");
  for (const f of archon.files) lines.push(`- \`${f.path}\`: ${f.reasons.join("; ")}.`);
  if (archon.files_left_out > 0)
    lines.push("", `${archon.files_left_out} more files with weaker evidence left out.`);
  if (archon.affected_tests.length > 0)
    lines.push("", "## Tests to run first", "", ...archon.affected_tests.map((t) => `- \`${t.path}\``));
  if (archon.tables.length > 0)
    lines.push(
      "",
      "## Existing tables (from the schema files)",
      "",
      archon.tables.map((t) => `\`${t}\``).join(", "),
    );
  if (archon.rules.length > 0) {
    lines.push("", "## The project's rules for these files", "");
    for (const r of archon.rules) lines.push(`- [${r.doc_id}] ${r.title}: ${r.excerpt}`);
  }
  return `${lines.join("\n")}\n`;
}
