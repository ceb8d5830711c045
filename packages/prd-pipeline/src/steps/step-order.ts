// The order of steps, and which ones run: all twenty (steps 13-19 only after the implementation gate).
import { STEP_NAMES, type StepName } from "../pipeline/state.js";

/** Steps with a handler; a step not listed is passed over on the way to the next one. */
export const ENABLED_STEPS: ReadonlySet<StepName> = new Set<StepName>([
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
]);

export function nextStep(after: StepName): StepName {
  for (let i = STEP_NAMES.indexOf(after) + 1; i < STEP_NAMES.length; i++) {
    const step = STEP_NAMES[i] as StepName;
    if (ENABLED_STEPS.has(step)) return step;
  }
  return "finalize";
}
