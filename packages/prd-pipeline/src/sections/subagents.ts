// One naming scheme for every subagent type: Archon's own agents (`archon-<role>`, installed into
// .claude/agents/ by `archon deploy-adapters`) by default, or `<namespace>:<role>` of another suite.

/** The namespace of Archon's own subagent definitions. */
export const DEFAULT_SUBAGENT_NAMESPACE = "archon";

export type SubagentRole = "engineer" | "git-historian" | "test-engineer" | "code-reviewer";

/**
 * `role` is a team role or a judge seat (`genius:popper`). Claude Code names a project agent by its file's
 * `name` (lowercase and hyphens, no colon), so Archon's own are `archon-engineer`, `archon-genius-popper`.
 */
export function subagentType(namespace: string, role: string): string {
  if (namespace === DEFAULT_SUBAGENT_NAMESPACE) return `archon-${role.replaceAll(":", "-")}`;
  return `${namespace}:${role}`;
}
