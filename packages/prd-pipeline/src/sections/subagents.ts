// One naming scheme for every subagent type: `<namespace>:<role>`.

export const DEFAULT_SUBAGENT_NAMESPACE = "zetetic-team-subagents";

export function subagentType(
  namespace: string,
  role: "engineer" | "git-historian" | "test-engineer" | "code-reviewer",
): string {
  return `${namespace}:${role}`;
}
