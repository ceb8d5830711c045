// The step table: one handler per step name, all twenty of them.
import { bannerStep } from "./banner.step.js";
import { budgetStep } from "./budget.step.js";
import { clarificationStep } from "./clarification.step.js";
import { contextDetectionStep } from "./context-detection.step.js";
import { feasibilityGateStep } from "./feasibility-gate.step.js";
import { fileExportStep } from "./file-export.step.js";
import { finalizeStep } from "./finalize.step.js";
import { implementationStep } from "./implementation.step.js";
import { implementationGateStep } from "./implementation-gate.step.js";
import { inputAnalysisStep } from "./input-analysis.step.js";
import { jiraGenerationStep } from "./jira-generation.step.js";
import { postImplVerificationStep } from "./post-impl-verification.step.js";
import { prCreationStep } from "./pr-creation.step.js";
import { prGateStep } from "./pr-gate.step.js";
import { preImplGroundingStep } from "./pre-impl-grounding.step.js";
import { preflightStep } from "./preflight.step.js";
import { reviewStep } from "./review.step.js";
import { sectionGenerationStep } from "./section-generation.step.js";
import { selfCheckStep } from "./self-check.step.js";
import type { StepTable } from "./step-kit.js";
import { testingStep } from "./testing.step.js";

export const STEP_TABLE: StepTable = {
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
  self_check: selfCheckStep,
  implementation_gate: implementationGateStep,
  pre_impl_grounding: preImplGroundingStep,
  implementation: implementationStep,
  post_impl_verification: postImplVerificationStep,
  testing: testingStep,
  review: reviewStep,
  pr_gate: prGateStep,
  pr_creation: prCreationStep,
  finalize: finalizeStep,
};
