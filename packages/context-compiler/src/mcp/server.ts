// Builds the archon MCP server for one surface. No side effects until called.
import type { ToolDefinition } from "@archon/core";
import { type CreatedServer, createServer } from "@archon/core/server";
import {
  type ArchonContext,
  type ArchonServerOptions,
  createArchonContext,
} from "../context/archon-context.js";
import { VERSION } from "../version.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import { adminTools } from "./admin/index.js";
import { agentTools } from "./agent/index.js";
import { guardDatabaseWrites } from "./database-guard.js";
import { registerPromptsAndResources } from "./prompts/register-prompts.js";

export function createArchonServer(options: ArchonServerOptions): CreatedServer {
  const context = createArchonContext(options);
  return serverOn(context, toolPrefix(options.env), { cleanup: () => context.close() });
}

export interface ServerOnOptions {
  /** What closing the server should also do. */
  cleanup?: () => void;
  /** Changes how the surface's tools run (a team server on a shared store sends writes through its log). */
  wrapTools?: (tools: ToolDefinition<ArchonContext>[]) => ToolDefinition<ArchonContext>[];
}

/**
 * A server over a context someone else owns (the team server builds one per HTTP request over its
 * long-lived context).
 */
export function serverOn(
  context: ArchonContext,
  prefix: string,
  options: ServerOnOptions = {},
): CreatedServer {
  const tools = guardDatabaseWrites(context.surface === "admin" ? adminTools : agentTools);
  return createServer({
    name: context.surface === "admin" ? "archon-admin" : "archon",
    version: VERSION,
    instructions: `Before touching files, call ${prefix}compile_context with the files and a one-line plan; read inline content, open deferred documents' source_path, and obey notices.`,
    tools: options.wrapTools ? options.wrapTools(tools) : tools,
    context,
    prefix,
    extend: (server) => registerPromptsAndResources(server, prefix),
    ...(options.cleanup ? { cleanup: options.cleanup } : {}),
  });
}
