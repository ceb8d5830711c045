// The MCP server entries as each client reads them from the configs setup wrote, and a real MCP client
// started from one exactly as that client would start it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export interface ClientEntry {
  /** Where the entry came from, e.g. `.codex/config.toml [mcp_servers.archon]`: names the failing case. */
  source: string;
  server: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** `mcpServers` of a JSON config (Claude Code's .mcp.json, Cursor's mcp.json); none when the file is absent. */
export function jsonEntries(path: string, source: string): ClientEntry[] {
  if (!existsSync(path)) return [];
  const servers = JSON.parse(readFileSync(path, "utf8")).mcpServers ?? {};
  return Object.entries(servers).map(([server, e]) => {
    const entry = e as { command: string; args?: string[]; env?: Record<string, string> };
    return { source, server, command: entry.command, args: entry.args ?? [], env: entry.env ?? {} };
  });
}

/**
 * The `[mcp_servers.<name>]` tables of a Codex config.toml. Setup writes `command` and `args` as TOML basic
 * strings and arrays of them, whose syntax is JSON's for the characters these hold.
 */
export function codexEntries(path: string, source: string): ClientEntry[] {
  if (!existsSync(path)) return [];
  const entries: ClientEntry[] = [];
  let current: ClientEntry | undefined;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const header = /^\s*\[(.+)\]\s*$/.exec(line)?.[1];
    if (header !== undefined) {
      const server = /^mcp_servers\.(.+)$/.exec(header)?.[1];
      current = server === undefined ? undefined : { source, server, command: "", args: [], env: {} };
      if (current) entries.push(current);
      continue;
    }
    const pair = /^\s*(command|args)\s*=\s*(.+)$/.exec(line);
    if (current && pair?.[1] === "command") current.command = JSON.parse(pair[2] as string);
    if (current && pair?.[1] === "args") current.args = JSON.parse(pair[2] as string);
  }
  return entries;
}

/** The `claude mcp add-json <name> <json> --scope local` calls the fake claude recorded. */
export function claudeAddJsonEntries(calls: string[][]): ClientEntry[] {
  return calls
    .filter((a) => a[1] === "add-json")
    .map((a) => {
      const entry = JSON.parse(a[3] as string) as {
        command: string;
        args?: string[];
        env?: Record<string, string>;
      };
      return {
        source: `claude mcp add-json --scope ${a[5]}`,
        server: a[2] as string,
        command: entry.command,
        args: entry.args ?? [],
        env: entry.env ?? {},
      };
    });
}

/**
 * `${VAR}` and `${VAR:-default}` expanded from `vars` the way Claude Code expands .mcp.json and Cursor
 * expands mcp.json; a variable the client does not know is left as written, as they leave it.
 */
export function expandVariables(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (whole, name: string, fallback?: string) => {
    const value = vars[name];
    if (value !== undefined && value !== "") return value;
    return fallback ?? whole;
  });
}

export interface EntryClient {
  tools(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * Starts the server an entry describes, in `cwd` (the project folder, where the clients start their
 * servers), with the client's variables expanded in command, args and env; `env` is what the client hands
 * its servers (Claude Code adds CLAUDE_PROJECT_DIR).
 */
export async function startFromEntry(
  entry: ClientEntry,
  options: { cwd: string; vars: Record<string, string>; env: NodeJS.ProcessEnv },
): Promise<EntryClient> {
  const expand = (s: string) => expandVariables(s, options.vars);
  const transport = new StdioClientTransport({
    command: expand(entry.command),
    args: entry.args.map(expand),
    env: {
      ...(options.env as Record<string, string>),
      ...Object.fromEntries(Object.entries(entry.env).map(([k, v]) => [k, expand(v)])),
    },
    cwd: options.cwd,
    stderr: "pipe",
  });
  const client = new Client({ name: `attacker via ${entry.source}`, version: "0.0.0" });
  await client.connect(transport);
  return {
    tools: async () => (await client.listTools()).tools.map((t) => t.name),
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** Where each client keeps its project config, for reading what setup wrote. */
export const projectConfigs = (root: string) => ({
  claude: join(root, ".mcp.json"),
  cursor: join(root, ".cursor", "mcp.json"),
  codex: join(root, ".codex", "config.toml"),
  gemini: join(root, ".gemini", "settings.json"),
});
