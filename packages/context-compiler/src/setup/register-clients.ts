// Registering archon with each agent client: the agent surface only, and per project. The admin surface can
// approve rules, so no config archon writes or prints hands it to a coding agent; older registrations of it,
// and agent entries in a client's global config, are taken out again.
import { join } from "node:path";
import { projectHasArchon } from "../adapters/launcher.js";
import { SERVER_NAMES } from "../knowledge/surface.js";
import { findOnPath, runCli } from "./client-cli.js";
import {
  codexTable,
  type FileChange,
  mergeCodexToml,
  mergeMcpJson,
  removeCodexTable,
  removeMcpJsonEntry,
} from "./config-files.js";
import { isTracked } from "./machine-files.js";
import { CLIENT_ROOT, commandLine, type McpEntry, mcpEntry } from "./mcp-entry.js";
import {
  type Retirement,
  retireClaudeLocal,
  retireCodexGlobal,
  retireCursorGlobal,
} from "./retire-registrations.js";

export const AGENTS = ["claude", "cursor", "codex"] as const;
export type AgentClient = (typeof AGENTS)[number];

export interface PersonalRegistration {
  /** The server names this step registers. */
  servers: string[];
  /** registered: the client's CLI added it now; present: it was already there; manual: a person must do it. */
  status: "registered" | "present" | "manual" | "failed" | "planned";
  /** The exact command (or the file and entry) a person can use. */
  instructions: string;
  detail?: string;
}

export interface Registration {
  agent: AgentClient;
  /** True when the agent entry is portable (the project installed archon) and the team may commit it. */
  shared: boolean;
  /** Project config files written, or cleared of an entry archon no longer writes there. */
  files: FileChange[];
  /** Project-relative config files this run wrote with this machine's paths: kept out of git. */
  machineFiles: string[];
  personal: PersonalRegistration[];
  /** Registrations an older setup made that this run takes out (or would, on a dry run). */
  retired: Retirement[];
}

export interface RegisterOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  dryRun?: boolean;
}

const AGENT = SERVER_NAMES.agent;
const ADMIN = SERVER_NAMES.admin;
const present = (change: FileChange | undefined): FileChange[] => (change ? [change] : []);

/** Claude Code's local scope is this person in this project folder: the absolute root is right there. */
function claudeLocal(options: RegisterOptions): PersonalRegistration {
  const entry = mcpEntry("agent", { local: false, root: options.projectRoot.replace(/\\/g, "/") });
  const add = ["mcp", "add-json", AGENT, JSON.stringify(entry), "--scope", "local"];
  const base = { servers: [AGENT], instructions: commandLine(["claude", ...add]) };
  const executable = findOnPath("claude", options.env);
  if (!executable) return { ...base, status: "manual", detail: "claude is not on PATH; run this yourself." };
  if (options.dryRun) return { ...base, status: "planned" };
  const env = options.env ?? process.env;
  if (runCli(executable, ["mcp", "get", AGENT], options.projectRoot, env).ok)
    return { ...base, status: "present" };
  const run = runCli(executable, add, options.projectRoot, env);
  return run.ok
    ? { ...base, status: "registered" }
    : { ...base, status: "failed", detail: `claude said: ${run.output}` };
}

interface ProjectFile {
  rel: string;
  write: (entry: McpEntry) => FileChange;
  /** The entry as a person pastes it into the file. */
  shown: (entry: McpEntry) => string;
}

/**
 * The agent entry in a client's project config. Portable when the project installed archon; otherwise it
 * names this machine's checkout, so it is kept out of git, and a file the team already tracks is not
 * written at all: the person is shown the entry instead.
 */
function projectEntry(
  options: RegisterOptions,
  local: boolean,
  file: ProjectFile,
  entry: McpEntry,
): Pick<Registration, "shared" | "files" | "machineFiles" | "personal"> {
  if (local) return { shared: true, files: [file.write(entry)], machineFiles: [], personal: [] };
  if (isTracked(options.projectRoot, file.rel))
    return {
      shared: false,
      files: [],
      machineFiles: [],
      personal: [
        {
          servers: [AGENT],
          status: "manual",
          instructions: `Add to ${file.rel} and do not commit it: ${file.shown(entry)}`,
          detail: `git tracks ${file.rel} and archon is not installed in this project, so an entry there would commit this machine's path; setup leaves the file alone. Installing archon in the project makes the entry portable.`,
        },
      ],
    };
  return { shared: false, files: [file.write(entry)], machineFiles: [file.rel], personal: [] };
}

export function registerClient(agent: AgentClient, options: RegisterOptions): Registration {
  const root = options.projectRoot;
  const local = projectHasArchon(root);
  const dryRun = options.dryRun;
  switch (agent) {
    case "claude": {
      const path = join(root, ".mcp.json");
      const admin = present(removeMcpJsonEntry(root, path, ADMIN, dryRun));
      const retired = retireClaudeLocal(ADMIN, options);
      if (local) {
        const entry = mcpEntry("agent", { local, root: CLIENT_ROOT.claude });
        const files = [mergeMcpJson(root, path, AGENT, entry, dryRun), ...admin];
        return { agent, shared: true, files, machineFiles: [], personal: [], retired };
      }
      // .mcp.json is committed: an entry with this machine's paths goes to the local scope instead.
      const files = [...present(removeMcpJsonEntry(root, path, AGENT, dryRun)), ...admin];
      return { agent, shared: false, files, machineFiles: [], personal: [claudeLocal(options)], retired };
    }
    case "cursor": {
      const path = join(root, ".cursor", "mcp.json");
      const admin = present(removeMcpJsonEntry(root, path, ADMIN, dryRun));
      const file: ProjectFile = {
        rel: ".cursor/mcp.json",
        write: (entry) => mergeMcpJson(root, path, AGENT, entry, dryRun),
        shown: (entry) => JSON.stringify({ mcpServers: { [AGENT]: entry } }),
      };
      const entry = mcpEntry("agent", { local, root: CLIENT_ROOT.cursor });
      const placed = projectEntry(options, local, file, entry);
      const retired = retireCursorGlobal([AGENT, ADMIN], options);
      return { agent, ...placed, files: [...placed.files, ...admin], retired };
    }
    case "codex": {
      // Codex reads a project's .codex/config.toml, [mcp_servers.<name>] included, once the person trusts
      // the project (developers.openai.com/codex/config-basic and /config-reference: "Codex loads
      // project-scoped config files only when you trust the project"). Its entry names no root: archon
      // finds the project from the folder Codex starts it in.
      const path = join(root, ".codex", "config.toml");
      const admin = present(removeCodexTable(root, path, ADMIN, dryRun));
      const file: ProjectFile = {
        rel: ".codex/config.toml",
        write: (entry) => mergeCodexToml(root, path, AGENT, entry, dryRun),
        shown: (entry) => codexTable(AGENT, entry).join("\n"),
      };
      const placed = projectEntry(options, local, file, mcpEntry("agent", { local }));
      const retired = retireCodexGlobal([AGENT, ADMIN], options);
      return { agent, ...placed, files: [...placed.files, ...admin], retired };
    }
  }
}
