// Approving the project's servers in Claude Code for the person who runs setup. Claude Code shows a server of
// a committed .mcp.json as "Pending approval" until each person approves it; its settings name the approved
// ones in `enabledMcpjsonServers` (code.claude.com/docs/en/settings). Setup writes that only to the personal,
// never committed .claude/settings.local.json, and only when the person says so (asked, or --approve-mcp):
// approving a server someone committed is that person's decision, made once per clone.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { SERVER_NAMES } from "../knowledge/surface.js";
import { type FileChange, writeIfChanged } from "./config-files.js";
import { excludeMachineFiles, isTracked } from "./machine-files.js";

export const CLAUDE_LOCAL_SETTINGS = ".claude/settings.local.json";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];

function readSettings(path: string): Json {
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    parsed = undefined;
  }
  if (!isObject(parsed))
    throw new UserError(
      `${CLAUDE_LOCAL_SETTINGS} is not a JSON object, so archon's servers were not approved in it.`,
      "Fix the file, then run archon setup --approve-mcp again, or approve the servers when Claude Code asks.",
    );
  return parsed;
}

/** archon's servers in the project's .mcp.json: the ones setup wrote there, which the person may approve. */
export function archonServersInMcpJson(projectRoot: string): string[] {
  const path = join(projectRoot, ".mcp.json");
  if (!existsSync(path)) return [];
  try {
    const servers = (JSON.parse(readFileSync(path, "utf8")) as { mcpServers?: unknown }).mcpServers;
    if (!isObject(servers)) return [];
    return Object.entries(servers)
      .filter(([name, entry]) => name.startsWith("archon") && /archon/.test(JSON.stringify(entry)))
      .map(([name]) => name);
  } catch {
    return [];
  }
}

/**
 * Adds `servers` to `enabledMcpjsonServers` in the personal settings, keeping every other setting; a server
 * the person disabled there (`disabledMcpjsonServers`) stays disabled. Undefined when nothing is to be
 * approved. Refused with a UserError when git tracks the file: it would then not be personal.
 */
export function approveProjectServers(
  projectRoot: string,
  servers: readonly string[],
  dryRun = false,
): FileChange | undefined {
  const path = join(projectRoot, CLAUDE_LOCAL_SETTINGS);
  const settings = readSettings(path);
  const disabled = new Set(strings(settings.disabledMcpjsonServers));
  const enabled = strings(settings.enabledMcpjsonServers);
  const add = servers.filter((s) => !disabled.has(s) && !enabled.includes(s));
  if (add.length === 0 || settings.enableAllProjectMcpServers === true) return undefined;
  if (isTracked(projectRoot, CLAUDE_LOCAL_SETTINGS))
    throw new UserError(
      `git tracks ${CLAUDE_LOCAL_SETTINGS}, so archon did not approve its servers there: the approval would be committed for everyone.`,
      `Approve the servers when Claude Code asks, or stop tracking the file (git rm --cached ${CLAUDE_LOCAL_SETTINGS}).`,
    );
  const next = { ...settings, enabledMcpjsonServers: [...enabled, ...add] };
  return writeIfChanged(projectRoot, path, `${JSON.stringify(next, null, 2)}\n`, dryRun);
}

/** Whether the person's settings already approve archon (or every project server): then nothing is asked. */
export function approvedAlready(projectRoot: string): boolean {
  try {
    const settings = readSettings(join(projectRoot, CLAUDE_LOCAL_SETTINGS));
    return (
      settings.enableAllProjectMcpServers === true ||
      strings(settings.enabledMcpjsonServers).includes(SERVER_NAMES.agent)
    );
  } catch {
    return false;
  }
}

/** Said under --yes without --approve-mcp: what the person sees in Claude Code, and the two ways on. */
export const APPROVAL_NOTE =
  "claude: Claude Code lists the servers of a committed .mcp.json as pending until each person approves them: start claude in this project and approve them, or run archon setup --yes --approve-mcp to approve them for you.";

/**
 * Approves archon's servers of .mcp.json for the person running setup and keeps the file out of git (the
 * clone's own exclude list). The line that says what happened; empty when .mcp.json holds none of archon's.
 */
export function approveForPerson(projectRoot: string): string {
  const servers = archonServersInMcpJson(projectRoot);
  if (servers.length === 0) return "";
  try {
    const change = approveProjectServers(projectRoot, servers);
    if (change === undefined)
      return `claude: ${CLAUDE_LOCAL_SETTINGS} already approves (or disables) ${servers.join(" and ")}; left as it is.`;
    excludeMachineFiles(projectRoot, [CLAUDE_LOCAL_SETTINGS], []);
    return `claude: approved ${servers.join(" and ")} for you in ${CLAUDE_LOCAL_SETTINGS} (Claude Code's personal settings, kept out of git).`;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return `claude: ${error.describe()}`;
  }
}
