// Builds the archon MCP server for one surface. No side effects until called.
import { type CreatedServer, createServer } from "@archon/core";
import { type ArchonServerOptions, createArchonContext } from "../context/archon-context.js";
import { VERSION } from "../version.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import { adminTools } from "./admin/index.js";
import { agentTools } from "./agent/index.js";
import { guardDatabaseWrites } from "./database-guard.js";
import { registerPromptsAndResources } from "./prompts/register-prompts.js";

export function createArchonServer(options: ArchonServerOptions): CreatedServer {
  const context = createArchonContext(options);
  const prefix = toolPrefix(options.env);
  return createServer({
    name: options.surface === "admin" ? "archon-admin" : "archon",
    version: VERSION,
    instructions: `Before touching files, call ${prefix}compile_context with the files and a one-line plan; read inline content, open deferred documents' source_path, and obey notices.`,
    tools: guardDatabaseWrites(options.surface === "admin" ? adminTools : agentTools),
    context,
    prefix,
    extend: (server) => registerPromptsAndResources(server, prefix),
    cleanup: () => context.close(),
  });
}
