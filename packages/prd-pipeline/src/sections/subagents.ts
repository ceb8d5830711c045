// One naming scheme for every subagent type: `<namespace>:<role>`.

export const DEFAULT_SUBAGENT_NAMESPACE = "zetetic-team-subagents";

export type SubagentRole = "engineer" | "git-historian" | "test-engineer" | "code-reviewer";

export function subagentType(namespace: string, role: SubagentRole): string {
  return `${namespace}:${role}`;
}
