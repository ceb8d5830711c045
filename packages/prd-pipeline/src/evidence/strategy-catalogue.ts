// The named reasoning strategies, their tiers, and what each suits; assignment is data, not code paths.
import type { PrdContext } from "../sections/contexts.js";
import type { SectionType } from "../sections/section-catalogue.js";

export interface Strategy {
  name: string;
  /** 1: cheap, always available; 2: needs a mid-sized context; 3: deep, for the heaviest contexts. */
  tier: 1 | 2 | 3;
  description: string;
  /** Claim characteristics it is good at. */
  suits: readonly string[];
  /** One line added to the drafter's prompt. */
  guidance: string;
}

export const STRATEGIES: readonly Strategy[] = [
  {
    name: "first-principles",
    tier: 1,
    description: "Reduce the problem to what must be true and build up from there",
    suits: ["completeness", "structural"],
    guidance: "State the few facts that must hold, then derive each item from them.",
  },
  {
    name: "example-mapping",
    tier: 1,
    description: "Rules illustrated by concrete examples and counter-examples",
    suits: ["verification", "traceability"],
    guidance: "Give each rule a concrete example and a counter-example.",
  },
  {
    name: "contract-first",
    tier: 2,
    description: "Liskov: define the contract (inputs, outputs, invariants) before the mechanism",
    suits: ["architectural", "structural", "traceability"],
    guidance:
      "Write the contract of every component (inputs, outputs, invariants) before describing how it works.",
  },
  {
    name: "falsification",
    tier: 2,
    description: "Popper: phrase every claim so that a test could prove it wrong",
    suits: ["verification", "traceability", "quantitative"],
    guidance: "Phrase every statement so a test could prove it wrong, and name that test.",
  },
  {
    name: "fermi-estimation",
    tier: 2,
    description: "Fermi: bound every number by an order-of-magnitude estimate with its assumptions",
    suits: ["quantitative", "arithmetic"],
    guidance: "Back every number with an order-of-magnitude estimate and its assumptions.",
  },
  {
    name: "adversarial-review",
    tier: 2,
    description: "Think as the attacker: enumerate abuse cases before defences",
    suits: ["adversarial"],
    guidance: "List how an attacker would abuse each part before naming the defence.",
  },
  {
    name: "invariant-analysis",
    tier: 3,
    description: "Dijkstra: name the invariants every state change must preserve",
    suits: ["architectural", "structural", "quantitative"],
    guidance: "Name the invariants each state change preserves and where they are checked.",
  },
  {
    name: "pre-mortem",
    tier: 3,
    description: "Assume the release failed; explain why, then prevent each cause",
    suits: ["risk", "adversarial"],
    guidance: "Assume this shipped and failed; list the causes and the prevention for each.",
  },
];

/** The deepest tier a PRD context affords. */
export const CONTEXT_TIER: Record<PrdContext, 1 | 2 | 3> = {
  proposal: 1,
  poc: 1,
  mvp: 2,
  feature: 2,
  bug: 2,
  cicd: 2,
  release: 3,
  incident: 3,
};

/** The claim characteristics a section's content tends to carry. */
export const SECTION_CHARACTERISTICS: Partial<Record<SectionType, readonly string[]>> = {
  overview: ["completeness"],
  goals: ["quantitative", "completeness"],
  requirements: ["traceability", "completeness"],
  user_stories: ["traceability"],
  technical_specification: ["architectural", "structural"],
  acceptance_criteria: ["verification", "traceability"],
  data_model: ["structural"],
  api_specification: ["structural", "adversarial"],
  security_considerations: ["adversarial"],
  performance_requirements: ["quantitative"],
  testing: ["verification"],
  deployment: ["risk"],
  risks: ["risk"],
  timeline: ["arithmetic", "quantitative"],
};

export function strategyByName(name: string): Strategy | undefined {
  return STRATEGIES.find((s) => s.name === name);
}
