// Registering archon with each agent client: the agent surface in the project's committed config, the
// admin surface only in the person's own scope (through the client's CLI when it is installed).
import { join } from "node:path";
import { findOnPath, runCli } from "./client-cli.js";
import { type FileChange, mergeCodexToml, mergeMcpJson } from "./config-files.js";
import { commandLine, mcpEntry, SERVER_NAMES } from "./mcp-entry.js";

export const AGENTS = ["claude", "cursor", "codex"] as const;
export type AgentClient = (typeof AGENTS)[number];

export interface AdminRegistration {
  /** registered: the client's CLI added it now; present: it was already there; manual: a person must do it. */
  status: "registered" | "present" | "manual" | "failed" | "planned";
  /** The exact command (or, for Cursor, the file and JSON) a person can use. */
  instructions: string;
  detail?: string;
}

export interface Registration {
  agent: AgentClient;
  files: FileChange[];
  admin: AdminRegistration;
}

export interface RegisterOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  dryRun?: boolean;
  bin?: string;
}

/** Runs `add` through the client's CLI unless `probe` says the admin server is already registered. */
function viaCli(cli: string, probe: string[], add: string[], options: RegisterOptions): AdminRegistration {
  const instructions = commandLine([cli, ...add]);
  const executable = findOnPath(cli, options.env);
  if (!executable)
    return { status: "manual", instructions, detail: `${cli} is not on PATH; run this yourself.` };
  if (options.dryRun) return { status: "planned", instructions };
  const env = options.env ?? process.env;
  if (runCli(executable, probe, options.projectRoot, env).ok) return { status: "present", instructions };
  const run = runCli(executable, add, options.projectRoot, env);
  return run.ok
    ? { status: "registered", instructions }
    : { status: "failed", instructions, detail: `${cli} said: ${run.output}` };
}

export function registerClient(agent: AgentClient, options: RegisterOptions): Registration {
  const root = options.projectRoot;
  const agentEntry = mcpEntry("agent", root, options.bin);
  const adminEntry = mcpEntry("admin", root, options.bin);
  const admin = SERVER_NAMES.admin;
  switch (agent) {
    case "claude":
      return {
        agent,
        files: [mergeMcpJson(join(root, ".mcp.json"), SERVER_NAMES.agent, agentEntry, options.dryRun)],
        admin: viaCli(
          "claude",
          ["mcp", "get", admin],
          ["mcp", "add-json", admin, JSON.stringify(adminEntry), "--scope", "local"],
          options,
        ),
      };
    case "cursor":
      return {
        agent,
        files: [
          mergeMcpJson(join(root, ".cursor", "mcp.json"), SERVER_NAMES.agent, agentEntry, options.dryRun),
        ],
        admin: {
          status: "manual",
          instructions: `Add to ~/.cursor/mcp.json (your user settings, never the project): ${JSON.stringify({ mcpServers: { [admin]: adminEntry } })}`,
          detail:
            "Cursor has no command to add a server; keep the admin surface out of the project's .cursor/mcp.json.",
        },
      };
    case "codex":
      return {
        agent,
        files: [
          mergeCodexToml(join(root, ".codex", "config.toml"), SERVER_NAMES.agent, agentEntry, options.dryRun),
        ],
        admin: viaCli(
          "codex",
          ["mcp", "get", admin],
          ["mcp", "add", admin, "--", adminEntry.command, ...adminEntry.args],
          options,
        ),
      };
  }
}
