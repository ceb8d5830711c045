// Builds the archon MCP server for one surface. No side effects until called. Each surface's tool list is
// loaded when a server of that surface is built: the agent server, which every session starts, does not
// load the admin tools and the write path behind them.
import { describeError, type ToolDefinition } from "@archon/core";
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

/** A client that has not asked for the tool list this long after initializing may never ask for it. */
const UNLISTED_SETTLE_MS = 1000;

export async function createArchonServer(options: ArchonServerOptions): Promise<CreatedServer> {
  const context = createArchonContext(options);
  let unlisted: NodeJS.Timeout | undefined;
  return serverOn(context, toolPrefix(options.env), {
    cleanup: () => {
      clearTimeout(unlisted);
      context.close();
    },
    // What opening deferred starts once the client has its tool list, in the pause before its first call
    // (a tool call that comes first runs it itself).
    afterFirstList: () => settleOrSay(context),
    onInitialized: () => {
      unlisted = setTimeout(() => settleOrSay(context), UNLISTED_SETTLE_MS).unref();
    },
  });
}

/**
 * Off any request, a failure has no answer to go in: it is said on stderr. (The rule files' own failures
 * are warnings already, and the compile path checks the rule files again before each compile.)
 */
function settleOrSay(context: ArchonContext): void {
  try {
    context.settle();
  } catch (error) {
    process.stderr.write(`archon: ${describeError(error)}\n`);
  }
}

/**
 * Each tool runs after what opening deferred (ArchonContext.settle): no answer comes from knowledge that a
 * commit changed and the server has not absorbed yet.
 */
function afterSettling(tools: SurfaceTools): ToolDefinition<ArchonContext>[] {
  return tools.map((tool: ToolDefinition<ArchonContext>) => ({
    ...tool,
    run: (args, ctx) => {
      ctx.settle();
      return tool.run(args, ctx);
    },
  }));
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
  /** Runs once, just after the first tools/list answer is written. */
  afterFirstList?: () => void;
  /** Runs when the client says its initialization is done (it may list the tools next). */
  onInitialized?: () => void;
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
  const tools = guardDatabaseWrites(afterSettling(await surfaceTools(context.surface)));
  return createServer({
    name: context.surface === "admin" ? "archon-admin" : "archon",
    version: VERSION,
    instructions: `Before touching files, call ${prefix}compile_context with the files and a one-line plan; read inline content, open deferred documents' source_path, and obey notices.`,
    tools: options.wrapTools ? options.wrapTools(tools) : tools,
    context,
    prefix,
    extend: (server) => {
      registerPromptsAndResources(server, prefix);
      if (options.onInitialized) server.server.oninitialized = options.onInitialized;
    },
    ...(options.cleanup ? { cleanup: options.cleanup } : {}),
    ...(options.afterFirstList ? { afterFirstList: options.afterFirstList } : {}),
  });
}
