// The step table: one handler per step name. Steps 11-19 are not built yet and have no entry.
import type { StepName } from "../pipeline/state.js";
import { bannerStep } from "./banner.step.js";
import { budgetStep } from "./budget.step.js";
import { clarificationStep } from "./clarification.step.js";
import { contextDetectionStep } from "./context-detection.step.js";
import { feasibilityGateStep } from "./feasibility-gate.step.js";
import { fileExportStep } from "./file-export.step.js";
import { finalizeStep } from "./finalize.step.js";
import { inputAnalysisStep } from "./input-analysis.step.js";
import { jiraGenerationStep } from "./jira-generation.step.js";
import { preflightStep } from "./preflight.step.js";
import { sectionGenerationStep } from "./section-generation.step.js";
import type { StepHandler } from "./step-kit.js";

export const STEP_TABLE: Partial<Record<StepName, StepHandler>> = {
  banner: bannerStep,
  preflight: preflightStep,
  context_detection: contextDetectionStep,
  input_analysis: inputAnalysisStep,
  feasibility_gate: feasibilityGateStep,
  clarification: clarificationStep,
  budget: budgetStep,
  section_generation: sectionGenerationStep,
  jira_generation: jiraGenerationStep,
  file_export: fileExportStep,
  finalize: finalizeStep,
};
