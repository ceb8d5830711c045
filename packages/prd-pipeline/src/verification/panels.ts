// Fixed judge panels per claim type: reasoning-pattern judges and team roles, each on a named model.
import { subagentType } from "../sections/subagents.js";
import { type AgentIdentity, CLAIM_TYPES, type ClaimType } from "./types.js";

interface PanelSeat {
  /** `genius:<name>` for a reasoning pattern, or a team role. */
  name: string;
  model: "opus" | "sonnet";
}

/** How each seat reasons: told to the judge, so two judges of one claim look at it in two different ways. */
export const REASONING: Readonly<Record<string, string>> = {
  "genius:liskov": "substitution: could another implementation behind the same contract break callers?",
  "genius:dijkstra":
    "proof: does the claim hold in every case, including the empty, the concurrent and the failing one?",
  "genius:fermi": "estimation: do the numbers add up within an order of magnitude, and can they be measured?",
  "genius:popper": "falsification: what observation would show the claim wrong, and does the PRD name it?",
  "genius:codd":
    "relational soundness: keys, normal forms, referential integrity, what the schema lets go wrong",
  "genius:taleb": "tail risk: what rare, costly event does the claim ignore, and what bounds the damage?",
  "code-reviewer": "review: would this pass a careful code review of the project as it is?",
  engineer: "delivery: could an engineer build and ship exactly this from the PRD, without guessing?",
  "security-auditor": "attack: how would an attacker abuse what the claim describes?",
  dba: "operations: migrations, locks, indexes and data volume on the real database",
  "test-engineer": "test design: which test proves the claim, and does the PRD name it?",
};

/** Every panel has at least as many seats as its claims get judges, each seat a different reasoning pattern. */
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
    { name: "genius:taleb", model: "opus" },
  ],
  data_model: [
    { name: "dba", model: "sonnet" },
    { name: "genius:codd", model: "opus" },
    { name: "genius:dijkstra", model: "sonnet" },
  ],
  test_coverage: [
    { name: "test-engineer", model: "sonnet" },
    { name: "genius:popper", model: "opus" },
  ],
  story_point_arithmetic: [
    { name: "genius:fermi", model: "sonnet" },
    { name: "engineer", model: "opus" },
  ],
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
  cross_file_consistency: [
    { name: "code-reviewer", model: "sonnet" },
    { name: "genius:dijkstra", model: "opus" },
  ],
};

/** Judges per claim: three where a miss costs most (security, data model), two everywhere else. */
export function judgesPerClaim(type: ClaimType): number {
  return type === "security" || type === "data_model" ? 3 : 2;
}

/** One claim of every type, each with its whole panel: what a reduced sample must be able to afford. */
export const ONE_PANEL_PER_TYPE = CLAIM_TYPES.reduce((n, t) => n + judgesPerClaim(t), 0);

function identity(seat: PanelSeat, namespace: string): AgentIdentity {
  return { name: seat.name, subagent_type: subagentType(namespace, seat.name), model: seat.model };
}

/**
 * The judges of the `ordinal`-th claim of a type: seats rotate so a panel's load is shared, no seat sits
 * twice on one claim, and the second judge sits on a different model from the first when the panel allows it.
 */
export function judgesFor(type: ClaimType, ordinal: number, namespace: string): AgentIdentity[] {
  const panel = PANELS[type];
  const rotated = panel.map((_, i) => panel[(ordinal + i) % panel.length] as PanelSeat);
  const [first, ...rest] = rotated;
  if (!first) return [];
  const otherModel = rest.find((s) => s.model !== first.model);
  const order = otherModel ? [first, otherModel, ...rest.filter((s) => s !== otherModel)] : rotated;
  return order.slice(0, judgesPerClaim(type)).map((s) => identity(s, namespace));
}
