// Gemini CLI's hooks in the project's .gemini/settings.json, beside archon's server entry: what Claude Code's
// hooks do, on the events Gemini CLI has (geminicli.com/docs/hooks/reference). The person's file is merged,
// never replaced: archon's handlers are found by their command, everything else keeps its place.
import { existsSync } from "node:fs";
import { type WriteRoots, writeProjectFile } from "../knowledge/project-write.js";
import { SERVER_NAMES } from "../knowledge/surface.js";
import type { AdapterConfig } from "./adapter-config.js";
import { type ManagedGroups, mergeClaudeHooks } from "./claude-hooks.js";

export const GEMINI_SETTINGS_FILE = ".gemini/settings.json";

/**
 * Why the hooks are not written while archon runs from a checkout (or ARCHON_HOOK_COMMAND): their commands
 * would name this machine's archon, and Gemini CLI has no personal project settings file to hold them.
 */
export const GEMINI_HOOKS_NOT_PORTABLE =
  "its hook commands would name this machine's archon; install archon in the project (npm install -D) and deploy again";

/** Keys of `hooks` that are Gemini CLI settings rather than events (older settings kept them there). */
const HOOKS_SETTINGS = ["enabled", "disabled", "notifications"];

/** Gemini CLI's file tools whose use the read hook records: read_file and the shell. */
const READ_TOOLS = "^(read_file|run_shell_command)$";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What archon wants in `hooks`. SessionStart (startup, resume, clear) absorbs committed rules and
 * refreshes the symbol index; BeforeAgent, Gemini CLI's moment between the prompt and the model, does what
 * UserPromptSubmit does; AfterTool remembers an observe capture and records reads. Gemini CLI runs no
 * session start after it compresses history and shows a PreCompress hook's output only to the person,
 * so the verify_done verdict is not restored there.
 */
export function renderGeminiHooks(config: AdapterConfig): ManagedGroups {
  const run = (sub: string) => ({
    type: "command" as const,
    command: `${config.commands.gemini} ${sub} --client gemini --hook`,
    name: `archon-${sub}`,
  });
  const sessionStart = [run("sync-rules")];
  if (config.optionalHooks.reindexSymbols) sessionStart.push(run("reindex-symbols"));
  // Gemini CLI names an MCP tool mcp_<server>_<tool>; a tool matcher is a regular expression.
  const observe = `^${escapeRegExp(`mcp_${SERVER_NAMES.agent}_${config.prefix}observe`)}$`;
  return {
    SessionStart: [{ hooks: sessionStart }],
    BeforeAgent: [{ hooks: [run("sync-rules")] }],
    AfterTool: [
      { matcher: observe, hooks: [run("sync-rules")] },
      { matcher: READ_TOOLS, hooks: [run("record-read")] },
    ],
  };
}

/** The settings with archon's hooks merged in; throws a UserError naming what is malformed. */
export const mergeGeminiHooks = (path: string, settings: unknown, managed: ManagedGroups) =>
  mergeClaudeHooks(path, settings, managed, HOOKS_SETTINGS);

/**
 * Whether rewriting `existing` as JSON loses bytes of the person's beyond archon's change (their spacing,
 * or text that is not JSON at all): the file is their whole Gemini configuration, so it is copied first.
 */
export function rewriteLosesBytes(existing: string): boolean {
  try {
    return `${JSON.stringify(JSON.parse(existing), null, 2)}\n` !== existing;
  } catch {
    return true;
  }
}

/** `settings.json.archon-backup-<UTC stamp>` beside the file, as setup names its copy; never overwritten. */
export function keepSettingsCopy(roots: WriteRoots, absolute: string, text: string): void {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  const copy = `${absolute}.archon-backup-${stamp}`;
  if (!existsSync(copy)) writeProjectFile(roots, copy, text);
}
