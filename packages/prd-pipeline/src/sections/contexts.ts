// The eight PRD contexts: what each is for, which sections it plans and how many clarification rounds it runs.
import type { SectionType } from "./section-catalogue.js";

export const PRD_CONTEXTS = [
  "proposal",
  "feature",
  "bug",
  "incident",
  "poc",
  "mvp",
  "release",
  "cicd",
] as const;
export type PrdContext = (typeof PRD_CONTEXTS)[number];

export interface ContextInfo {
  context: PrdContext;
  title: string;
  description: string;
  sections: readonly SectionType[];
  rounds: { min: number; max: number };
  /** Whole-word triggers (a trigger of several words matches those words in sequence). */
  triggers: readonly string[];
}

export const CONTEXTS: Record<PrdContext, ContextInfo> = {
  proposal: {
    context: "proposal",
    title: "Proposal",
    description: "An idea to pitch and get agreement on before any build work",
    sections: [
      "overview",
      "goals",
      "assumptions",
      "requirements",
      "user_stories",
      "acceptance_criteria",
      "timeline",
      "risks",
      "open_questions",
      "decision_log",
    ],
    rounds: { min: 5, max: 6 },
    triggers: ["proposal", "propose", "rfc", "pitch", "initiative", "proposition"],
  },
  feature: {
    context: "feature",
    title: "Feature",
    description: "A new capability for an existing product, specified end to end",
    sections: [
      "overview",
      "goals",
      "assumptions",
      "requirements",
      "user_stories",
      "technical_specification",
      "acceptance_criteria",
      "data_model",
      "api_specification",
      "security_considerations",
      "performance_requirements",
      "testing",
      "rollout_plan",
      "risks",
      "open_questions",
      "decision_log",
    ],
    rounds: { min: 8, max: 10 },
    triggers: ["feature", "implement", "build", "add", "enhancement", "fonctionnalité", "ajouter"],
  },
  bug: {
    context: "bug",
    title: "Bug fix",
    description: "A defect to reproduce, fix and guard against regression",
    sections: [
      "overview",
      "requirements",
      "technical_specification",
      "acceptance_criteria",
      "testing",
      "deployment",
    ],
    rounds: { min: 6, max: 8 },
    triggers: ["bug", "fix", "defect", "broken", "crash", "crashes", "regression", "bogue", "corriger"],
  },
  incident: {
    context: "incident",
    title: "Incident",
    description: "A production incident: remediation, prevention and follow-up",
    sections: [
      "overview",
      "requirements",
      "technical_specification",
      "acceptance_criteria",
      "security_considerations",
      "testing",
      "deployment",
      "risks",
    ],
    rounds: { min: 10, max: 12 },
    triggers: ["incident", "outage", "postmortem", "post mortem", "downtime", "sev1", "sev2", "panne"],
  },
  poc: {
    context: "poc",
    title: "Proof of concept",
    description: "A time-boxed experiment that answers one technical question",
    sections: ["overview", "goals", "requirements", "technical_specification", "acceptance_criteria"],
    rounds: { min: 4, max: 5 },
    triggers: ["poc", "proof of concept", "prototype", "spike", "experiment", "preuve de concept"],
  },
  mvp: {
    context: "mvp",
    title: "MVP",
    description: "The smallest product that delivers value to first users",
    sections: [
      "overview",
      "goals",
      "assumptions",
      "requirements",
      "user_stories",
      "technical_specification",
      "acceptance_criteria",
      "testing",
      "timeline",
      "risks",
      "open_questions",
    ],
    rounds: { min: 6, max: 7 },
    triggers: ["mvp", "minimum viable product", "produit minimum viable"],
  },
  release: {
    context: "release",
    title: "Release",
    description: "Shipping a version: scope, readiness, rollout and rollback",
    sections: [
      "overview",
      "goals",
      "requirements",
      "technical_specification",
      "acceptance_criteria",
      "security_considerations",
      "performance_requirements",
      "testing",
      "deployment",
      "rollout_plan",
      "timeline",
      "risks",
    ],
    rounds: { min: 9, max: 11 },
    triggers: ["release", "launch", "rollout", "go live", "mise en production"],
  },
  cicd: {
    context: "cicd",
    title: "CI/CD",
    description: "Build, test and delivery automation for a codebase",
    sections: [
      "overview",
      "goals",
      "requirements",
      "technical_specification",
      "acceptance_criteria",
      "security_considerations",
      "testing",
      "deployment",
      "timeline",
    ],
    rounds: { min: 7, max: 9 },
    triggers: [
      "ci",
      "cd",
      "cicd",
      "ci cd",
      "continuous integration",
      "continuous delivery",
      "github actions",
    ],
  },
};

export function isPrdContext(value: string): value is PrdContext {
  return (PRD_CONTEXTS as readonly string[]).includes(value);
}
