// Builds the archon MCP server for one surface. No side effects until called.
import {
  type Clock,
  type CreatedServer,
  createServer,
  type IdGenerator,
  randomIds,
  systemClock,
} from "@archon/core";
import { InitSessions } from "../init/init-sessions.js";
import type { Channel } from "../knowledge/next-step.js";
import type { Surface } from "../knowledge/surface.js";
import { CompileService } from "../services/compile-service.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { VERSION } from "../version.js";
import { adminTools } from "./admin/index.js";
import { agentTools } from "./agent/index.js";
import type { ArchonContext } from "./context.js";
import { guardDatabaseWrites } from "./database-guard.js";
import { registerPromptsAndResources } from "./prompts/register-prompts.js";
import { toolPrefix } from "./tool-prefix.js";

export interface ArchonServerOptions {
  surface: Surface;
  dbPath: string;
  projectRoot: string;
  clock?: Clock;
  ids?: IdGenerator;
  env?: NodeJS.ProcessEnv;
  /** Overrides the bundled templates folder used by the init_* tools. */
  templatesDir?: string;
  /** Who reads the hints: MCP clients unless a CLI command opened the context. */
  channel?: Channel["kind"];
}

export function createArchonContext(options: ArchonServerOptions): ArchonContext {
  const kdb = new KnowledgeDb(options.dbPath);
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const init = new InitSessions(options.templatesDir);
  const channel: Channel = { kind: options.channel ?? "mcp", prefix: toolPrefix(options.env) };
  const compiler = new CompileService(kdb, options.projectRoot, clock, ids, init.templatesDir, channel);
  return {
    surface: options.surface,
    channel,
    projectRoot: options.projectRoot,
    kdb,
    clock,
    ids,
    compiler,
    init,
    close() {
      if (!kdb.db.open) return;
      compiler.flushAudit();
      kdb.close();
    },
  };
}

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
