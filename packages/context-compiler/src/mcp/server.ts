// Builds the archon MCP server for one surface. No side effects until called. Each surface's tool list is
// loaded when a server of that surface is built: the agent server, which every session starts, does not
// load the admin tools and the write path behind them.
import type { ToolDefinition } from "@archon/core";
import { type CreatedServer, createServer } from "@archon/core/server";
import {
  type ArchonContext,
  type ArchonServerOptions,
  createArchonContext,
} from "../context/archon-context.js";
import { VERSION } from "../version.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import { guardDatabaseWrites } from "./database-guard.js";
import { registerPromptsAndResources } from "./prompts/register-prompts.js";

export async function createArchonServer(options: ArchonServerOptions): Promise<CreatedServer> {
  const context = createArchonContext(options);
  return serverOn(context, toolPrefix(options.env), { cleanup: () => context.close() });
}

type SurfaceTools =
  | typeof import("./agent/index.js").agentTools
  | typeof import("./admin/index.js").adminTools;

export async function surfaceTools(surface: ArchonContext["surface"]): Promise<SurfaceTools> {
  return surface === "admin"
    ? (await import("./admin/index.js")).adminTools
    : (await import("./agent/index.js")).agentTools;
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
export async function serverOn(
  context: ArchonContext,
  prefix: string,
  options: ServerOnOptions = {},
): Promise<CreatedServer> {
  const tools = guardDatabaseWrites(await surfaceTools(context.surface));
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
