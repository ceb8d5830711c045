// Fixed judge panels per claim type: reasoning-pattern judges and team roles, each on a named model.
import { subagentType } from "../sections/subagents.js";
import type { AgentIdentity, ClaimType } from "./types.js";

interface PanelSeat {
  /** `genius:<name>` for a reasoning pattern, or a team role. */
  name: string;
  model: "opus" | "sonnet";
}

export const PANELS: Record<ClaimType, readonly PanelSeat[]> = {
  architecture: [
    { name: "genius:liskov", model: "opus" },
    { name: "code-reviewer", model: "sonnet" },
    { name: "genius:dijkstra", model: "opus" },
  ],
  performance: [
    { name: "genius:fermi", model: "sonnet" },
    { name: "engineer", model: "opus" },
  ],
  correctness: [
    { name: "genius:dijkstra", model: "opus" },
    { name: "code-reviewer", model: "sonnet" },
  ],
  security: [
    { name: "security-auditor", model: "opus" },
    { name: "genius:popper", model: "sonnet" },
  ],
  data_model: [
    { name: "dba", model: "sonnet" },
    { name: "genius:codd", model: "opus" },
  ],
  test_coverage: [
    { name: "test-engineer", model: "sonnet" },
    { name: "genius:popper", model: "opus" },
  ],
  story_point_arithmetic: [{ name: "genius:fermi", model: "sonnet" }],
  fr_traceability: [
    { name: "genius:popper", model: "opus" },
    { name: "engineer", model: "sonnet" },
  ],
  risk: [
    { name: "genius:taleb", model: "opus" },
    { name: "engineer", model: "sonnet" },
  ],
  acceptance_criteria_completeness: [
    { name: "test-engineer", model: "sonnet" },
    { name: "genius:popper", model: "opus" },
  ],
  cross_file_consistency: [{ name: "code-reviewer", model: "sonnet" }],
};

/** Judges per claim: two for architecture, one otherwise. */
export function judgesPerClaim(type: ClaimType): number {
  return type === "architecture" ? 2 : 1;
}

function identity(seat: PanelSeat, namespace: string): AgentIdentity {
  return { name: seat.name, subagent_type: subagentType(namespace, seat.name), model: seat.model };
}

/**
 * The judges of the `ordinal`-th claim of a type: seats rotate so a panel's load is shared, and the
 * second judge of a claim always sits on a different model from the first when the panel allows it.
 */
export function judgesFor(type: ClaimType, ordinal: number, namespace: string): AgentIdentity[] {
  const panel = PANELS[type];
  const first = panel[ordinal % panel.length];
  if (!first) return [];
  const picked = [first];
  for (let i = 1; i < panel.length && picked.length < judgesPerClaim(type); i++) {
    const seat = panel[(ordinal + i) % panel.length];
    if (seat && seat.model !== first.model) picked.push(seat);
  }
  return picked.map((s) => identity(s, namespace));
}
