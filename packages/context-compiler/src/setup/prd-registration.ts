// Registering archon-prd beside archon for Claude Code, the one client that gets the subagents the PRD
// pipeline spawns (.claude/agents/archon-*.md). A client without them gains nothing from the server.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { forwardSlashes } from "../adapters/launcher.js";
import { findOnPath, runCli } from "./client-cli.js";
import { type FileChange, mergeMcpJson } from "./config-files.js";
import { CLIENT_ROOT, commandLine, type McpEntry } from "./mcp-entry.js";

const PRD_SERVER = "archon-prd";

export interface PrdRegistration {
  /** Project config files written (the committed .mcp.json when the project installed archon-prd). */
  files: FileChange[];
  personal: {
    servers: string[];
    status: "registered" | "present" | "manual" | "failed" | "planned";
    instructions: string;
    detail?: string;
  }[];
}

/** Whether the project installed archon-prd (npm links its bin into node_modules/.bin). */
function projectHasPrd(projectRoot: string): boolean {
  const bin = join(projectRoot, "node_modules", ".bin");
  return existsSync(join(bin, PRD_SERVER)) || existsSync(join(bin, `${PRD_SERVER}.cmd`));
}

/** This machine's archon-prd entry point, found the way Node finds the package beside archon; a machine path. */
function machinePrdBin(): string | undefined {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve(`${PRD_SERVER}/package.json`));
    const bin = join(dir, "bin", `${PRD_SERVER}.js`);
    return existsSync(bin) ? forwardSlashes(bin) : undefined;
  } catch {
    return undefined;
  }
}

/** archon-prd started from the project's install, rooted by Claude Code's project variable: committable. */
const portablePrdEntry = (): McpEntry => ({
  command: "npx",
  args: ["--no-install", "--prefix", CLIENT_ROOT.claude, PRD_SERVER, "--project-root", CLIENT_ROOT.claude],
});

interface PrdOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  dryRun?: boolean;
}

/**
 * The project's archon-prd goes in the committed .mcp.json; otherwise this machine's goes to Claude Code's
 * local scope, the way archon's own entry does; with neither, the person is told how to get it.
 */
export function registerPrd(options: PrdOptions): PrdRegistration {
  const root = options.projectRoot;
  if (projectHasPrd(root)) {
    const path = join(root, ".mcp.json");
    return {
      files: [mergeMcpJson(root, path, PRD_SERVER, portablePrdEntry(), options.dryRun)],
      personal: [],
    };
  }
  const bin = machinePrdBin();
  if (bin === undefined)
    return {
      files: [],
      personal: [
        {
          servers: [PRD_SERVER],
          status: "manual",
          instructions: `npm install --save-dev ${PRD_SERVER}, then run archon setup again`,
          detail: `${PRD_SERVER} is installed neither in this project nor beside this archon, so the subagents in .claude/agents/ have no pipeline to serve.`,
        },
      ],
    };
  const entry: McpEntry = { command: "node", args: [bin, "--project-root", forwardSlashes(root)] };
  return { files: [], personal: [claudeLocalEntry(PRD_SERVER, entry, options)] };
}

/** `claude mcp add-json <server> … --scope local`, run when claude is on PATH, else printed for the person. */
export function claudeLocalEntry(
  server: string,
  entry: McpEntry,
  options: PrdOptions,
): PrdRegistration["personal"][number] {
  const add = ["mcp", "add-json", server, JSON.stringify(entry), "--scope", "local"];
  const base = { servers: [server], instructions: commandLine(["claude", ...add]) };
  const executable = findOnPath("claude", options.env);
  if (!executable) return { ...base, status: "manual", detail: "claude is not on PATH; run this yourself." };
  if (options.dryRun) return { ...base, status: "planned" };
  const env = options.env ?? process.env;
  if (runCli(executable, ["mcp", "get", server], options.projectRoot, env).ok)
    return { ...base, status: "present" };
  const run = runCli(executable, add, options.projectRoot, env);
  return run.ok
    ? { ...base, status: "registered" }
    : { ...base, status: "failed", detail: `claude said: ${run.output}` };
}
