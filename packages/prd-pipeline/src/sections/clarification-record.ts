// The clarification record a run exports beside its PRD: every question asked, its answer and who gave it,
// under the ids (CLR-01, CLR-02, ...) the sections cite as their Source, so every Source can be followed.
import type { RunState } from "../run-model/state.js";

export const CLARIFICATIONS_FILE = "11-clarifications.md";

/** The id a section cites for the answer of one clarification round. */
export function clarificationId(round: number): string {
  return `CLR-${String(round).padStart(2, "0")}`;
}

/** A table cell: one line, no pipe that would end the cell early. */
const cell = (text: string) => text.replace(/\s+/g, " ").replaceAll("|", "\\|").trim();

/** The record as markdown; null when the run asked no question (nothing to cite). */
export function clarificationRecord(state: RunState): string | null {
  if (state.clarifications.length === 0 && state.clarifications_dropped === 0) return null;
  const lines = [
    `# Clarifications: ${state.feature_description}`,
    "",
    `Run \`${state.run_id}\`. The questions asked before the PRD was written, as the user answered them. ` +
      "A requirement whose Source is `CLR-nn` rests on the answer with that id.",
    "",
  ];
  if (state.feature_description !== state.original_feature_description)
    lines.push(`The request as first written: "${cell(state.original_feature_description)}".`, "");
  lines.push("| ID | Question | Answer | Answered by |", "|---|---|---|---|");
  for (const c of state.clarifications) {
    // Runs stored before answers said who gave them were all answered by the user the host asked.
    const by = `${c.answered_by ?? "user"}${c.how ? ` (${c.how})` : ""}`;
    lines.push(`| ${clarificationId(c.round)} | ${cell(c.question)} | ${cell(c.answer)} | ${by} |`);
  }
  if (state.clarifications_dropped > 0)
    lines.push(
      "",
      `${state.clarifications_dropped} earlier rounds are not listed: a run keeps its latest clarifications only.`,
    );
  return `${lines.join("\n")}\n`;
}
