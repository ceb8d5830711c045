// Connects a real MCP client to the built archon-prd server over stdio.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Envelope } from "../run-model/envelope.js";
import type { ActionResult } from "../run-model/protocol.js";
import type { PipelineCaller } from "./scripted-host.js";

/** dist/cli/main.js of this package, whether this module runs from src/ (tests) or dist/. */
export function serverEntry(): string {
  return fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
}

export interface PrdConnection extends PipelineCaller {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export class ToolError extends Error {}

export async function connectPrdServer(
  projectRoot: string,
  extraArgs: string[] = [],
): Promise<PrdConnection> {
  // Keeps test, demo and bench evidence out of the user's home unless a path is given.
  const evidence = extraArgs.includes("--evidence-db")
    ? []
    : ["--evidence-db", join(projectRoot, ".archon", "evidence.db")];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry(), "--project-root", projectRoot, ...evidence, ...extraArgs],
    stderr: "pipe",
  });
  const client = new Client({ name: "archon-prd-scripted-host", version: "0.1.0" });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const envelope = async (name: string, args: Record<string, unknown>): Promise<Envelope> => {
    const result = await call(name, args);
    if (result.isError) {
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      throw new ToolError(`${name} failed: ${text}`);
    }
    return result.structuredContent as unknown as Envelope;
  };
  return {
    client,
    call,
    start: (args) => envelope("start_pipeline", args),
    submit: (runId: string, result: ActionResult) =>
      envelope("submit_action_result", { run_id: runId, result }),
    close: () => client.close(),
  };
}
