// Registering archon with each agent client. The agent surface goes to the project's committed config
// only when that config can start archon on any machine (the project installed archon); otherwise, and
// always for the admin surface, it goes to the person's own scope, through the client's CLI when it has one.
import { join } from "node:path";
import { projectHasArchon } from "../adapters/launcher.js";
import { SERVER_NAMES, type Surface } from "../knowledge/surface.js";
import { findOnPath, runCli } from "./client-cli.js";
import {
  type FileChange,
  mergeCodexToml,
  mergeMcpJson,
  removeCodexTable,
  removeMcpJsonEntry,
} from "./config-files.js";
import { CLIENT_ROOT, commandLine, type Launch, mcpEntry } from "./mcp-entry.js";

export const AGENTS = ["claude", "cursor", "codex"] as const;
export type AgentClient = (typeof AGENTS)[number];

export interface PersonalRegistration {
  /** The server names this step registers. */
  servers: string[];
  /** registered: the client's CLI added it now; present: it was already there; manual: a person must do it. */
  status: "registered" | "present" | "manual" | "failed" | "planned";
  /** The exact command (or, for Cursor, the file and JSON) a person can use. */
  instructions: string;
  detail?: string;
}

export interface Registration {
  agent: AgentClient;
  /** True when the agent surface is in the committed config; false when it went to personal scope. */
  shared: boolean;
  /** Committed config files written, or cleared of an entry an earlier setup wrote with this machine's paths. */
  files: FileChange[];
  personal: PersonalRegistration[];
}

export interface RegisterOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  dryRun?: boolean;
}

/** Runs `add` through the client's CLI unless `probe` says the server is already registered. */
function viaCli(
  cli: string,
  server: string,
  probe: string[],
  add: string[],
  options: RegisterOptions,
): PersonalRegistration {
  const base = { servers: [server], instructions: commandLine([cli, ...add]) };
  const executable = findOnPath(cli, options.env);
  if (!executable) return { ...base, status: "manual", detail: `${cli} is not on PATH; run this yourself.` };
  if (options.dryRun) return { ...base, status: "planned" };
  const env = options.env ?? process.env;
  if (runCli(executable, probe, options.projectRoot, env).ok) return { ...base, status: "present" };
  const run = runCli(executable, add, options.projectRoot, env);
  return run.ok
    ? { ...base, status: "registered" }
    : { ...base, status: "failed", detail: `${cli} said: ${run.output}` };
}

const present = (change: FileChange | undefined): FileChange[] => (change ? [change] : []);

/** Claude Code's local scope is this person in this project folder: the absolute root is right there. */
function claudeLocal(surface: Surface, local: boolean, options: RegisterOptions) {
  const name = SERVER_NAMES[surface];
  const entry = mcpEntry(surface, { local, root: options.projectRoot.replace(/\\/g, "/") });
  return viaCli(
    "claude",
    name,
    ["mcp", "get", name],
    ["mcp", "add-json", name, JSON.stringify(entry), "--scope", "local"],
    options,
  );
}

/** Codex's own config is the person's, for every project: the entry names no root. */
function codexUser(surface: Surface, local: boolean, options: RegisterOptions) {
  const name = SERVER_NAMES[surface];
  const entry = mcpEntry(surface, { local });
  return viaCli(
    "codex",
    name,
    ["mcp", "get", name],
    ["mcp", "add", name, "--", entry.command, ...entry.args],
    options,
  );
}

export function registerClient(agent: AgentClient, options: RegisterOptions): Registration {
  const root = options.projectRoot;
  const local = projectHasArchon(root);
  const agentName = SERVER_NAMES.agent;
  switch (agent) {
    case "claude": {
      const path = join(root, ".mcp.json");
      const launch: Launch = { local, root: CLIENT_ROOT.claude };
      return {
        agent,
        shared: local,
        files: local
          ? [mergeMcpJson(root, path, agentName, mcpEntry("agent", launch), options.dryRun)]
          : present(removeMcpJsonEntry(root, path, agentName, options.dryRun)),
        personal: [
          ...(local ? [] : [claudeLocal("agent", local, options)]),
          claudeLocal("admin", local, options),
        ],
      };
    }
    case "cursor": {
      const path = join(root, ".cursor", "mcp.json");
      // ~/.cursor/mcp.json serves every project, so its entries take the root from ${workspaceFolder} too.
      const launch: Launch = { local, root: CLIENT_ROOT.cursor };
      const surfaces: Surface[] = local ? ["admin"] : ["agent", "admin"];
      const servers = Object.fromEntries(surfaces.map((s) => [SERVER_NAMES[s], mcpEntry(s, launch)]));
      return {
        agent,
        shared: local,
        files: local
          ? [mergeMcpJson(root, path, agentName, mcpEntry("agent", launch), options.dryRun)]
          : present(removeMcpJsonEntry(root, path, agentName, options.dryRun)),
        personal: [
          {
            servers: Object.keys(servers),
            status: "manual",
            instructions: `Add to ~/.cursor/mcp.json (your user settings, never the project): ${JSON.stringify({ mcpServers: servers })}`,
            detail: "Cursor has no command to add a server.",
          },
        ],
      };
    }
    case "codex": {
      const path = join(root, ".codex", "config.toml");
      return {
        agent,
        shared: local,
        files: local
          ? [mergeCodexToml(root, path, agentName, mcpEntry("agent", { local }), options.dryRun)]
          : present(removeCodexTable(root, path, agentName, options.dryRun)),
        personal: [
          ...(local ? [] : [codexUser("agent", local, options)]),
          codexUser("admin", local, options),
        ],
      };
    }
  }
}
