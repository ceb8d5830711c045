// Which tools each profile exposes. A tool outside the profile is not registered, so a call to it is refused.
import type { ToolDefinition } from "@archon/core";
import type { Profile, ServerContext } from "./server-context.js";
import { checkHealthTool } from "./tools/check-health.tool.js";
import { getConfigTool } from "./tools/get-config.tool.js";
import { getPipelineStateTool } from "./tools/get-pipeline-state.tool.js";
import { getPrdContextInfoTool } from "./tools/get-prd-context-info.tool.js";
import { readSkillConfigTool } from "./tools/read-skill-config.tool.js";
import { startPipelineTool } from "./tools/start-pipeline.tool.js";
import { submitActionResultTool } from "./tools/submit-action-result.tool.js";
import { validatePrdDocumentTool } from "./tools/validate-prd-document.tool.js";
import { validatePrdSectionTool } from "./tools/validate-prd-section.tool.js";

// biome-ignore lint/suspicious/noExplicitAny: each tool keeps its own input shape.
type AnyTool = ToolDefinition<ServerContext, any>;

const VALIDATORS: AnyTool[] = [validatePrdSectionTool, validatePrdDocumentTool];

/**
 * - full: everything.
 * - agent: what a host running the dispatcher loop needs: the three pipeline tools, the validators and
 *   the context catalogue. Operator tools (configuration, skill metadata, health) are left out.
 * - verifier: the two validators only, for CI and review bots that must not start runs.
 */
export const PROFILE_TOOLS: Record<Profile, readonly AnyTool[]> = {
  full: [
    startPipelineTool,
    submitActionResultTool,
    getPipelineStateTool,
    ...VALIDATORS,
    getPrdContextInfoTool,
    getConfigTool,
    readSkillConfigTool,
    checkHealthTool,
  ],
  agent: [
    startPipelineTool,
    submitActionResultTool,
    getPipelineStateTool,
    ...VALIDATORS,
    getPrdContextInfoTool,
  ],
  verifier: VALIDATORS,
};

export const PROFILES = Object.keys(PROFILE_TOOLS) as Profile[];
