// The agent surface: read-only against canonical knowledge (INV-6). An explicit list, in the order of the
// spec's agent table; nothing registers itself.
import { compileContextTool } from "./compile-context.tool.js";
import { getCompileAuditTool } from "./get-compile-audit.tool.js";
import { getKnownTagsTool } from "./get-known-tags.tool.js";
import { impactTool } from "./impact.tool.js";
import { recallTool, searchLogicFlowTool, verifyDoneTool } from "./not-available.js";
import { observeTool } from "./observe.tool.js";
import { workspaceStatusTool } from "./workspace-status.tool.js";

export const agentTools = [
  compileContextTool,
  verifyDoneTool,
  impactTool,
  searchLogicFlowTool,
  getCompileAuditTool,
  recallTool,
  getKnownTagsTool,
  observeTool,
  workspaceStatusTool,
];
