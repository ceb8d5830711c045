// The order of steps: all twenty, in STEP_NAMES order (steps 13-19 only run after the implementation gate).
import { STEP_NAMES, type StepName } from "../run-model/step-phases.js";

export function nextStep(after: StepName): StepName {
  return STEP_NAMES[STEP_NAMES.indexOf(after) + 1] ?? "finalize";
}
