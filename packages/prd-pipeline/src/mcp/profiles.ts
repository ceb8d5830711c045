// Which tools each profile exposes. A tool outside the profile is not registered, so a call to it is refused.
import type { ToolDefinition } from "@archon/core";
import type { Profile, ServerContext } from "./server-context.js";
import { checkHealthTool } from "./tools/check-health.tool.js";
import { concludeVerificationTool } from "./tools/conclude-verification.tool.js";
import { coordinateContextBudgetTool } from "./tools/coordinate-context-budget.tool.js";
import { getConfigTool } from "./tools/get-config.tool.js";
import { getPipelineStateTool } from "./tools/get-pipeline-state.tool.js";
import { getPrdContextInfoTool } from "./tools/get-prd-context-info.tool.js";
import { getQualityHistoryTool } from "./tools/get-quality-history.tool.js";
import { getStrategyEffectivenessTool } from "./tools/get-strategy-effectiveness.tool.js";
import { listAvailableStrategiesTool } from "./tools/list-available-strategies.tool.js";
import { mapFailureToRetrievalTool } from "./tools/map-failure-to-retrieval.tool.js";
import { planDocumentVerificationTool } from "./tools/plan-document-verification.tool.js";
import { planSectionVerificationTool } from "./tools/plan-section-verification.tool.js";
import { readSkillConfigTool } from "./tools/read-skill-config.tool.js";
import { startPipelineTool } from "./tools/start-pipeline.tool.js";
import { submitActionResultTool } from "./tools/submit-action-result.tool.js";
import { validatePrdDocumentTool } from "./tools/validate-prd-document.tool.js";
import { validatePrdSectionTool } from "./tools/validate-prd-section.tool.js";

// biome-ignore lint/suspicious/noExplicitAny: each tool keeps its own input shape.
type AnyTool = ToolDefinition<ServerContext, any>;

const VALIDATORS: AnyTool[] = [validatePrdSectionTool, validatePrdDocumentTool];
const VERIFICATION: AnyTool[] = [
  planSectionVerificationTool,
  planDocumentVerificationTool,
  concludeVerificationTool,
];
const EVIDENCE: AnyTool[] = [
  listAvailableStrategiesTool,
  getStrategyEffectivenessTool,
  getQualityHistoryTool,
  coordinateContextBudgetTool,
  mapFailureToRetrievalTool,
];

/**
 * - full: everything (17 tools).
 * - agent: what a host running the dispatcher loop needs: the three pipeline tools, the three verification
 *   tools, the validators and the context catalogue. Operator and evidence tools are left out.
 * - verifier: the validators and the verification tools, for CI and review bots that must not start runs.
 */
export const PROFILE_TOOLS: Record<Profile, readonly AnyTool[]> = {
  full: [
    startPipelineTool,
    submitActionResultTool,
    getPipelineStateTool,
    ...VERIFICATION,
    ...VALIDATORS,
    getPrdContextInfoTool,
    getConfigTool,
    readSkillConfigTool,
    checkHealthTool,
    ...EVIDENCE,
  ],
  agent: [
    startPipelineTool,
    submitActionResultTool,
    getPipelineStateTool,
    ...VERIFICATION,
    ...VALIDATORS,
    getPrdContextInfoTool,
  ],
  verifier: [...VALIDATORS, ...VERIFICATION],
};

export const PROFILES = Object.keys(PROFILE_TOOLS) as Profile[];
