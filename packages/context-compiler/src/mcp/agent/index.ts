// The agent surface: read-only against canonical knowledge (INV-6). An explicit list, nothing self-registers.
import { compileContextTool } from "./compile-context.tool.js";
import { getCompileAuditTool } from "./get-compile-audit.tool.js";
import { getKnownTagsTool } from "./get-known-tags.tool.js";
import { impactTool } from "./impact.tool.js";
import { workspaceStatusTool } from "./workspace-status.tool.js";

export const agentTools = [
  compileContextTool,
  getCompileAuditTool,
  impactTool,
  workspaceStatusTool,
  getKnownTagsTool,
];
