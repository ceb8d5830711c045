// What the hooks say about .archon/rules.md: what the committed text changed, and what waits for a person.
import type { AbsorbCommittedResult } from "../knowledge/standing-rules/absorb-committed.js";
import { RULES_FILE } from "../knowledge/standing-rules/rules-file.js";

const ACTION: Record<string, string> = { new_doc: "adds", update_doc: "changes", deprecate_doc: "removes" };

/**
 * Lines for the agent's context. The waiting edits are named by proposal and rule only, never quoted:
 * their text is not approved, so it must not read as something to follow. `remind` repeats the waiting
 * list even when this run proposed nothing new (at session start).
 */
export function rulesFileNotices(r: AbsorbCommittedResult, remind: boolean): string[] {
  const lines: string[] = [];
  if (r.git === "outside_git") {
    lines.push(
      `archon: this project is not in a git repository, so edits to ${RULES_FILE} are not absorbed automatically (only committed text is); a person absorbs them with \`archon sync-rules-file\` in their own terminal.`,
    );
  }
  if (r.absorbed?.changed) {
    const a = r.absorbed;
    const n = a.added.length + a.updated.length + a.deprecated.length;
    lines.push(
      `archon absorbed ${n} committed edit(s) to ${RULES_FILE} (knowledge_version ${a.knowledge_version}).`,
    );
  }
  if (r.unreadable !== null) {
    lines.push(
      `archon: the working ${RULES_FILE} does not parse, so none of its edits were proposed. ${r.unreadable}`,
    );
  }
  if (r.waiting.length > 0 && (remind || r.proposed.length > 0)) {
    const list = r.waiting
      .map((w) => `${w.proposal_id} (${ACTION[w.proposal_type] ?? w.proposal_type} ${w.doc_id})`)
      .join(", ");
    lines.push(
      `archon: ${RULES_FILE} has ${r.waiting.length} uncommitted edit(s) that are not approved knowledge and are not followed: ${list}. They wait for the user: tell them, so they can review them (\`archon proposals\`) and approve or reject each in their own terminal, or commit the file.`,
    );
  }
  return lines;
}
