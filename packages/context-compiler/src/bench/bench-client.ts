// The benchmark's MCP client on a server it spawns over stdio: how every timed phase connects.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export interface SpawnOptions {
  /** The program to run; this Node by default, with `args` naming the script. */
  command?: string;
  cwd?: string;
  /** The whole environment; the SDK's short default list when absent. */
  env?: Record<string, string>;
}

export async function connectBench(args: readonly string[], options: SpawnOptions = {}) {
  const transport = new StdioClientTransport({
    command: options.command ?? process.execPath,
    args: [...args],
    stderr: "pipe",
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  const client = new Client({ name: "archon-bench", version: "0.0.0" });
  await client.connect(transport);
  return { client, transport };
}
