// A real MCP client connected over stdio to the built `archon` server (run `npm run build` first).
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));

export interface ConnectedClient {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
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
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

export const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
