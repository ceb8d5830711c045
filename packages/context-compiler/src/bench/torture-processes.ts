// The real processes of a torture run: `archon` MCP servers over stdio behind a real MCP client, and
// one-shot `archon` commands, each of which can be killed with SIGKILL at any moment.
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AGENT_SHELL_VARIABLES } from "../cli/human-check.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import { ARCHON_BIN } from "./team-server-process.js";

export interface TortureProject {
  root: string;
  dbPath: string;
}

/** A person's shell: no coding agent's marks, so `archon approve` accepts the command. */
export function personShellEnv(extra: NodeJS.ProcessEnv = {}): Record<string, string> {
  const env = { ...process.env, ...extra };
  for (const v of AGENT_SHELL_VARIABLES) delete env[v.name];
  return env as Record<string, string>;
}

export interface ServerProcess {
  call(tool: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** SIGKILL: the server dies wherever it is, as under an OOM killer or a closed laptop lid. */
  kill(): void;
  /** Ends the session as a client does, and waits for the server to go. */
  close(): Promise<void>;
  /** What the server wrote on stderr so far. */
  stderr(): string;
}

export async function startServer(
  project: TortureProject,
  surface: "agent" | "admin",
): Promise<ServerProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ARCHON_BIN, "--surface", surface, "--db", project.dbPath, "--project-root", project.root],
    env: personShellEnv(),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "archon-torture", version: "0.0.0" });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(
      `archon --surface ${surface} did not start: ${(error as Error).message} ${stderr.trim()}`,
    );
  }
  const prefix = toolPrefix(process.env);
  return {
    call: async (tool, args) =>
      (await client.callTool({ name: `${prefix}${tool}`, arguments: args })) as CallToolResult,
    kill: () => {
      if (transport.pid !== null) process.kill(transport.pid, "SIGKILL");
    },
    close: () => client.close(),
    stderr: () => stderr,
  };
}

export interface CommandRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** One `archon` command, awaited without blocking the servers' clients; `started` gets its killer. */
export function runArchon(
  project: TortureProject,
  args: readonly string[],
  stdin: string,
  started: (kill: () => void) => void,
): Promise<CommandRun> {
  const child = spawn(
    process.execPath,
    [ARCHON_BIN, "--db", project.dbPath, "--project-root", project.root, ...args],
    // Its own process group: the hooks do their work in a child under a deadline, and a kill must stop both.
    { cwd: project.root, env: personShellEnv(), detached: true },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // A command killed before it read its input closes the pipe under us: that is the kill, not a failure.
  child.stdin.on("error", () => {});
  child.stdin.end(stdin);
  started(() => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
