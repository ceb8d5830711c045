// The admin surface: every agent tool plus the write path and curation tools.
import { agentTools } from "../agent/index.js";
import { getDocumentTool } from "./get-document.tool.js";
import { getEdgeTool } from "./get-edge.tool.js";
import { getStatsTool } from "./get-stats.tool.js";
import { importDocTool } from "./import-doc.tool.js";
import { setDocTagsTool } from "./set-doc-tags.tool.js";

export const adminOnlyTools = [importDocTool, setDocTagsTool, getDocumentTool, getEdgeTool, getStatsTool];
export const adminTools = [...agentTools, ...adminOnlyTools];
