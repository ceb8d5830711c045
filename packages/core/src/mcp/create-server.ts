// A server factory: an explicit tool list in, { server, cleanup } out; nothing happens at import.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema, type ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ToolDefinition } from "./define-tool.js";
import { errorResult, jsonResult } from "./results.js";
import { BoundedStdioTransport } from "./stdio-transport.js";
import { readsStructuredOnly, unknownArguments } from "./tool-call.js";
import { listedTool } from "./tool-list.js";

export interface ServerSpec<Ctx> {
  name: string;
  version: string;
  instructions?: string;
  // biome-ignore lint/suspicious/noExplicitAny: each tool's argument type is checked where it is defined.
  tools: readonly ToolDefinition<Ctx, any>[];
  context: Ctx;
  /** Prepended to every tool name (e.g. `archon_`). */
  prefix?: string;
  /** Extra registrations (prompts, resources; never tools: the list is built once from `tools`). */
  extend?: (server: McpServer) => void;
  /** Runs once, just after the first tools/list answer is written: start-up work no listing needs waits for it. */
  afterFirstList?: () => void;
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
  const listed: ListToolsResult["tools"] = [];
  for (const tool of spec.tools) {
    const name = `${prefix}${tool.name}`;
    const description =
      typeof tool.description === "function"
        ? tool.description((other) => `${prefix}${other}`)
        : tool.description;
    listed.push(listedTool(tool, name, description));
    server.registerTool(
      name,
      {
        title: tool.title,
        description,
        // Loose, so an argument the tool does not take reaches the handler, which names it in its refusal
        // (the SDK would drop it without a word, and the call would run as if it had not been sent).
        inputSchema: z.looseObject(tool.input),
        ...(tool.output ? { outputSchema: tool.output } : {}),
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>) => {
        try {
          const refusal = unknownArguments(name, tool.input, args);
          if (refusal) throw refusal;
          const result = await tool.run(args as never, spec.context);
          const reader = { structuredOnly: readsStructuredOnly(server.server.getClientVersion()?.name) };
          const text =
            tool.text?.(result, args as never, reader) ??
            (reader.structuredOnly ? `The result of ${name} is this answer's structuredContent.` : undefined);
          return jsonResult(result, text);
        } catch (error) {
          return errorResult(error);
        }
      },
    );
  }
  // The tool set of a server never changes, so its list is one object for the server's life, in place of
  // the SDK's, which converts every schema again on each tools/list.
  const toolList: ListToolsResult = { tools: listed };
  let afterFirstList = spec.afterFirstList;
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    // The SDK writes the answer in the microtasks after this returns; an immediate runs after them.
    if (afterFirstList) setImmediate(afterFirstList);
    afterFirstList = undefined;
    return toolList;
  });
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
