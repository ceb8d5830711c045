// One sentence per absorption of committed rule files: which commit changed which rules, and which
// files could not be read. Shared by the prompt hook (the person's next prompt) and `archon status`.
import type { RuleFileChange } from "../../store/rule-files.js";
import { RULE_FILES_DIR } from "./rule-file-text.js";

const names = (ids: readonly string[]) =>
  ids.length <= 8 ? ids.join(", ") : `${ids.slice(0, 8).join(", ")} and ${ids.length - 8} more`;

export function describeRuleFileChange(change: RuleFileChange): string[] {
  const by =
    change.commits.length === 0
      ? change.commit_oid === null
        ? "the rule files in the working folder"
        : `commit ${change.commit_oid.slice(0, 12)}`
      : change.commits.length === 1
        ? `commit ${change.commits[0]}`
        : `${change.commits.length} commits (${change.commits.slice(0, 3).join("; ")}${change.commits.length > 3 ? "; ..." : ""})`;
  const what = [
    change.changed.length > 0 ? `added or changed ${names(change.changed)}` : "",
    change.removed.length > 0 ? `removed ${names(change.removed)}` : "",
  ].filter((part) => part !== "");
  const lines: string[] = [];
  if (what.length > 0) {
    const review = change.commit_oid
      ? ` Review it with \`git log -p ${change.commit_oid.slice(0, 12)} -- ${RULE_FILES_DIR}/\`.`
      : "";
    lines.push(`${by} ${what.join(" and ")} (knowledge_version ${change.knowledge_version}).${review}`);
  }
  if (change.problems.length > 0)
    lines.push(
      `${by}: ${change.problems.length} rule file problem(s); the rules those files held before stay in force until a commit fixes them: ${change.problems.join("; ")}`,
    );
  return lines;
}
