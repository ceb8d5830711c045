// A real `archon serve --http` process on a free loopback port, and MCP clients over Streamable HTTP
// with a bearer token: for the team server's end-to-end tests and its load bench.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The CLI entry point, from dist/bench or src/bench alike. */
export const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));

export interface TeamServerProcess {
  url: string;
  child: ChildProcess;
  /** Stops it with SIGTERM (or `signal`) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The CLI in a child process, awaited without blocking this process: a blocked event loop misses the
 * server closing an idle kept-alive socket, and the next request over it fails.
 */
export function archonCliAsync(
  globals: readonly string[],
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  input = "",
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [ARCHON_BIN, ...globals, ...args], {
    env: { ...process.env, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(input);
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

/**
 * Starts `archon <globals> serve --http --listen <listen> <extra>` and resolves with its URL; `listen`
 * defaults to a free loopback port (give the old one to start a server again where clients know it).
 */
export function startTeamServer(
  globals: readonly string[],
  extra: readonly string[] = [],
  listen = "127.0.0.1:0",
): Promise<TeamServerProcess> {
  const child = spawn(process.execPath, [
    ARCHON_BIN,
    ...globals,
    "serve",
    "--http",
    "--listen",
    listen,
    ...extra,
  ]);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) resolve({ url, child, stop });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}${err}`)));
  });
}

export interface TeamClient {
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** An MCP client on one surface of a team server, sending `secret` as its bearer token. */
export async function teamClient(
  base: string,
  surface: "agent" | "admin",
  secret: string,
): Promise<TeamClient> {
  const client = new Client({ name: "archon-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp/${surface}`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  return {
    call: async (name, args = {}) =>
      (await client.callTool({ name: `archon_${name}`, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}
