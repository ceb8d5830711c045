// Registering archon with each agent client: the agent surface only, and per project. The admin surface can
// approve rules, so no config archon writes or prints hands it to a coding agent; older registrations of it,
// and agent entries in a client's global config, are taken out again.
import { join } from "node:path";
import { UserError } from "@archon/core";
import { AGENT_CLIENTS, type AgentClient } from "../adapters/agents-in-use.js";
import { projectHasArchon } from "../adapters/launcher.js";
import { SERVER_NAMES } from "../knowledge/surface.js";
import { codexTrustStep, codexTrusts, geminiTrustStep, geminiTrusts } from "./client-trust.js";
import {
  codexTable,
  type FileChange,
  mergeCodexToml,
  mergeMcpJson,
  mergeMcpJsonKeepingCopy,
  removeCodexTable,
  removeMcpJsonEntry,
} from "./config-files.js";
import { isTracked } from "./machine-files.js";
import { CLIENT_ROOT, type McpEntry, mcpEntry } from "./mcp-entry.js";
import { claudeLocalEntry, registerPrd } from "./prd-registration.js";
import {
  type Retirement,
  retireClaudeLocal,
  retireCodexGlobal,
  retireCursorGlobal,
} from "./retire-registrations.js";

export const AGENTS = AGENT_CLIENTS;
export type { AgentClient };

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
  /** The client reads the project config only in a trusted folder, and this one is not: the step that trusts it. */
  untrusted?: string;
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
  return claudeLocalEntry(AGENT, entry, options);
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
  const local = projectHasArchon(options.projectRoot);
  switch (agent) {
    case "claude":
      return registerClaude(options, local);
    case "cursor":
      return registerCursor(options, local);
    case "codex":
      return registerCodex(options, local);
    case "gemini":
      return registerGemini(options, local);
  }
}

/** Claude Code: .mcp.json when archon is installed in the project, else the person's local scope; archon-prd beside it. */
function registerClaude(options: RegisterOptions, local: boolean): Registration {
  const agent = "claude";
  const { projectRoot: root, dryRun } = options;
  const path = join(root, ".mcp.json");
  const admin = present(removeMcpJsonEntry(root, path, ADMIN, dryRun));
  const retired = retireClaudeLocal(ADMIN, options);
  if (local) {
    const entry = mcpEntry("agent", { local, root: CLIENT_ROOT.claude });
    const written = mergeMcpJson(root, path, AGENT, entry, dryRun);
    // archon-prd goes beside archon here: Claude Code is the client that gets the subagents it spawns.
    const prd = registerPrd(options);
    const files = [written, ...prd.files, ...admin];
    return { agent, shared: true, files, machineFiles: [], personal: prd.personal, retired };
  }
  // .mcp.json is committed: an entry with this machine's paths goes to the local scope instead.
  const cleared = present(removeMcpJsonEntry(root, path, AGENT, dryRun));
  const personal = [claudeLocal(options)];
  const prd = registerPrd(options);
  const files = [...cleared, ...prd.files, ...admin];
  return {
    agent,
    shared: false,
    files,
    machineFiles: [],
    personal: [...personal, ...prd.personal],
    retired,
  };
}

/** Cursor: the agent entry in .cursor/mcp.json, and no entry of archon's left in its global config. */
function registerCursor(options: RegisterOptions, local: boolean): Registration {
  const agent = "cursor";
  const { projectRoot: root, dryRun } = options;
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

/** Codex: the agent entry in .codex/config.toml, and a trust step when Codex does not trust the project yet. */
function registerCodex(options: RegisterOptions, local: boolean): Registration {
  const agent = "codex";
  const { projectRoot: root, dryRun } = options;
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
  const untrusted = codexTrusts(root, options.env) ? {} : { untrusted: codexTrustStep(root) };
  return { agent, ...placed, files: [...placed.files, ...admin], retired, ...untrusted };
}

/**
 * Gemini CLI reads `mcpServers` from the project's .gemini/settings.json in a trusted folder, and starts a
 * server in the folder it was started in (no `cwd` given), the project folder whose settings it read; it
 * documents no project variable for server entries, so the entry names no root, as Codex's does. The file
 * is the person's whole Gemini configuration: a copy is kept before it changes, and one that does not
 * parse as JSON (Gemini allows comments) is left alone with the entry shown instead.
 */
function registerGemini(options: RegisterOptions, local: boolean): Registration {
  const root = options.projectRoot;
  const path = join(root, ".gemini", "settings.json");
  const entry = mcpEntry("agent", { local });
  const shown = JSON.stringify({ mcpServers: { [AGENT]: entry } });
  const untrusted = geminiTrusts(root, options.env) ? {} : { untrusted: geminiTrustStep(root) };
  const file: ProjectFile = {
    rel: ".gemini/settings.json",
    write: (e) => mergeMcpJsonKeepingCopy(root, path, AGENT, e, options.dryRun),
    shown: () => shown,
  };
  try {
    const placed = projectEntry(options, local, file, entry);
    return { agent: "gemini", ...placed, retired: [], ...untrusted };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const detail = `${error.message} Setup left the file as it is.`;
    const personal: PersonalRegistration[] = [
      { servers: [AGENT], status: "manual", instructions: `Add to ${file.rel}: ${shown}`, detail },
    ];
    return {
      agent: "gemini",
      shared: false,
      files: [],
      machineFiles: [],
      personal,
      retired: [],
      ...untrusted,
    };
  }
}
