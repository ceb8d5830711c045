// Public surface of @archon/core: shared by both servers, knows nothing of either. What loads the MCP SDK
// (the server and its stdio transport) is in server.ts, imported as @archon/core/server.
export { remember } from "./bounded-memo.js";
export { canonicalJson, hashCanonical, sha256 } from "./canonical.js";
export { type Clock, manualClock, systemClock } from "./clock.js";
export { describeError, InternalError, UserError } from "./errors.js";
export {
  cycleWalk,
  findCycles,
  findPath,
  type Neighbours,
  type ShortestPaths,
  shortestPaths,
} from "./graph.js";
export { derivedIds, type IdGenerator, randomIds, sequentialIds } from "./ids.js";
export { answerBytes } from "./mcp/answer-size.js";
export {
  additiveWrite,
  defineTool,
  destructiveWrite,
  outputSchemaOf,
  readOnly,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolOutput,
  type ToolResult,
} from "./mcp/define-tool.js";
export { HOST_ANSWER_BYTES, MAX_MESSAGE_BYTES, MAX_RESPONSE_BYTES } from "./mcp/message-limits.js";
export { errorResult, jsonResult, oversizedAnswer } from "./mcp/results.js";
export { isDatabaseFile } from "./sqlite/database-files.js";
export { type Migration, migrate } from "./sqlite/migrate.js";
export { type Db, type OpenOptions, openDatabase } from "./sqlite/open-database.js";
