// The agent surface: read-only against canonical knowledge (INV-6). An explicit list, in the order of the
// spec's agent table; nothing registers itself, and a tool is listed only once it works. verify_done,
// search_logic_flow and recall write only derived data (the verify cache; the symbol index is written by
// reindex-symbols; recall folds session notes into episodic memory), never knowledge.
import { compileContextTool } from "./compile-context.tool.js";
import { getCompileAuditTool } from "./get-compile-audit.tool.js";
import { getKnownTagsTool } from "./get-known-tags.tool.js";
import { impactTool } from "./impact.tool.js";
import { observeTool } from "./observe.tool.js";
import { recallTool } from "./recall.tool.js";
import { searchLogicFlowTool } from "./search-logic-flow.tool.js";
import { verifyDoneTool } from "./verify-done.tool.js";
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
