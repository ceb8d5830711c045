// The order of steps, and which ones run today. Steps 11-19 slot in here when they are built.
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
  "finalize",
]);

export function nextStep(after: StepName): StepName {
  for (let i = STEP_NAMES.indexOf(after) + 1; i < STEP_NAMES.length; i++) {
    const step = STEP_NAMES[i] as StepName;
    if (ENABLED_STEPS.has(step)) return step;
  }
  return "finalize";
}
