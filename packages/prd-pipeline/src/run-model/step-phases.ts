// The twenty steps in run order, and the phases each one may be in: the shape a run's position can take.

export const STEP_NAMES = [
  "banner",
  "preflight",
  "context_detection",
  "input_analysis",
  "feasibility_gate",
  "clarification",
  "budget",
  "section_generation",
  "jira_generation",
  "file_export",
  "self_check",
  "implementation_gate",
  "pre_impl_grounding",
  "implementation",
  "post_impl_verification",
  "testing",
  "review",
  "pr_gate",
  "pr_creation",
  "finalize",
] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** Every step is entered in this phase, so moving to any step needs no knowledge of its phases. */
export const ENTRY_PHASE = "start";

/**
 * The phases besides `start`, per step: each is a pending action the step waits on. Total over the step
 * names, so a new step does not compile until its phases are declared.
 */
export const STEP_PHASES = {
  banner: [],
  preflight: ["memory", "codebase"],
  context_detection: ["ask"],
  input_analysis: ["recall", "ignore", "index", "prepare", "git_history"],
  feasibility_gate: ["ask"],
  clarification: ["compose", "answer", "proceed"],
  budget: [],
  section_generation: ["recall", "corrective_recall", "draft"],
  jira_generation: ["draft"],
  file_export: ["write"],
  self_check: ["graph", "budget", "judge"],
  implementation_gate: ["report", "ask"],
  pre_impl_grounding: ["impact"],
  implementation: ["implement"],
  post_impl_verification: ["check"],
  testing: ["test"],
  review: ["review"],
  pr_gate: ["source", "tests", "ask"],
  pr_creation: ["open"],
  finalize: ["remember"],
} as const satisfies Record<StepName, readonly string[]>;

export type StepPhase<S extends StepName = StepName> = typeof ENTRY_PHASE | (typeof STEP_PHASES)[S][number];

export function isPhaseOf(step: StepName, phase: string): boolean {
  return phase === ENTRY_PHASE || (STEP_PHASES[step] as readonly string[]).includes(phase);
}
