// A server factory: an explicit tool list in, { server, cleanup } out; nothing happens at import.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDefinition } from "./define-tool.js";
import { errorResult, jsonResult } from "./results.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

export interface ServerSpec<Ctx> {
  name: string;
  version: string;
  instructions?: string;
  // biome-ignore lint/suspicious/noExplicitAny: each tool's argument type is checked where it is defined.
  tools: readonly ToolDefinition<Ctx, any>[];
  context: Ctx;
  /** Prepended to every tool name (e.g. `archon_`). */
  prefix?: string;
  /** Extra registrations (prompts, resources) on the same server. */
  extend?: (server: McpServer) => void;
  cleanup?: () => void | Promise<void>;
}

export interface CreatedServer {
  server: McpServer;
  cleanup(): Promise<void>;
}

export function createServer<Ctx>(spec: ServerSpec<Ctx>): CreatedServer {
  const server = new McpServer(
    { name: spec.name, version: spec.version },
    spec.instructions ? { instructions: spec.instructions } : undefined,
  );
  const prefix = spec.prefix ?? "";
  for (const tool of spec.tools) {
    const name = `${prefix}${tool.name}`;
    server.registerTool(
      name,
      {
        title: tool.title,
        description:
          typeof tool.description === "function"
            ? tool.description((other) => `${prefix}${other}`)
            : tool.description,
        inputSchema: tool.input,
        ...(tool.output ? { outputSchema: tool.output } : {}),
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: unknown) => {
        try {
          const result = await tool.run(args as never, spec.context);
          return jsonResult(result, tool.text?.(result, args as never));
        } catch (error) {
          return errorResult(error);
        }
      },
    );
  }
  spec.extend?.(server);
  return {
    server,
    cleanup: async () => {
      await server.close();
      await spec.cleanup?.();
    },
  };
}

/**
 * Serves on stdin/stdout until the client closes the stream, then cleans up. No input ends the session:
 * an oversized request is answered with an error (see BoundedStdioTransport).
 */
export async function serveStdio(created: CreatedServer): Promise<void> {
  const transport = new BoundedStdioTransport();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await created.cleanup();
  };
  transport.onclose = () => void close();
  process.stdin.on("end", () => void close().then(() => process.exit(0)));
  await created.server.connect(transport);
}
