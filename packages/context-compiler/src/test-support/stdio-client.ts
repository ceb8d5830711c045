// A real MCP client connected over stdio to the built `archon` server (run `npm run build` first).
import { fileURLToPath } from "node:url";
import { outputSchemaOf, type ToolOutput, type ToolResult } from "@archon/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";

export const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));

export interface ConnectedClient {
  client: Client;
  /** The server process's id; null once it has exited. */
  pid: number | null;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /**
   * Calls the tool under its registered name and returns its structuredContent parsed with the tool's own
   * output schema; an error result or a tool without a schema fails the test.
   */
  result<T extends { name: string; output?: ToolOutput }>(
    tool: T,
    args?: Record<string, unknown>,
  ): Promise<ToolResult<T>>;
  /** As `result`, with the text content the model reads beside it: for tests of what that one answer says. */
  resultAndText<T extends { name: string; output?: ToolOutput }>(
    tool: T,
    args?: Record<string, unknown>,
  ): Promise<{ result: ToolResult<T>; text: string }>;
  close(): Promise<void>;
}

export async function connectArchon(options: {
  surface: "agent" | "admin";
  dbPath: string;
  projectRoot: string;
  env?: Record<string, string>;
  /** A command the server runs under, e.g. one that drops privileges: `["setpriv", "--reuid=65534"]`. */
  launcher?: readonly string[];
}): Promise<ConnectedClient> {
  const [command, ...launcherArgs] = [...(options.launcher ?? []), process.execPath];
  const transport = new StdioClientTransport({
    command: command as string,
    args: [
      ...launcherArgs,
      ARCHON_BIN,
      "--surface",
      options.surface,
      "--db",
      options.dbPath,
      "--project-root",
      options.projectRoot,
    ],
    env: { ...(process.env as Record<string, string>), ...options.env },
    stderr: "pipe",
  });
  const client = new Client({ name: "archon-test", version: "0.0.0" });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const prefix = toolPrefix({ ...process.env, ...options.env });
  let listed = false;
  const resultAndText: ConnectedClient["resultAndText"] = async (tool, args) => {
    const schema = outputSchemaOf(tool);
    if (!schema) throw new Error(`${tool.name} declares no output schema.`);
    // Listing the tools makes the client keep each output schema and check every later structuredContent
    // against it (closed objects: a field the schema does not name fails), on top of the server's check.
    if (!listed) await client.listTools();
    listed = true;
    const answer = await call(`${prefix}${tool.name}`, args);
    if (answer.isError) throw new Error(`${tool.name} failed: ${textOf(answer)}`);
    return { result: schema.parse(answer.structuredContent), text: textOf(answer) };
  };
  return {
    client,
    get pid() {
      return transport.pid;
    },
    call,
    result: async (tool, args) => (await resultAndText(tool, args)).result,
    resultAndText,
    close: () => client.close(),
  };
}

export const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
