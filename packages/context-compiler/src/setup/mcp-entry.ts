// How a client starts archon: one entry per surface, with forward slashes and no shell syntax, so the
// same config works from bash, PowerShell and cmd.exe. Committed entries name no folder of this machine.
import { launchWords } from "../adapters/launcher.js";
import type { Surface } from "../knowledge/surface.js";

export interface McpEntry {
  command: string;
  args: string[];
}

/**
 * The project folder as each client's committed config spells it, expanded by the client at start.
 * Claude Code expands `${VAR}` and `${VAR:-default}` in the command, args and env of a project .mcp.json
 * (code.claude.com/docs/en/mcp, "Environment variable expansion in .mcp.json") and hands its MCP servers
 * CLAUDE_PROJECT_DIR; the default `.` is the project folder Claude Code starts its servers in. Cursor
 * interpolates `${workspaceFolder}` in mcp.json command, args and env (cursor.com/docs/context/mcp,
 * "Config interpolation"). Codex documents no such variable for config.toml: its entry names no root,
 * and archon finds the project from the folder Codex starts it in.
 */
export const CLIENT_ROOT = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code expands this, not JavaScript.
  claude: "${CLAUDE_PROJECT_DIR:-.}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Cursor expands this, not JavaScript.
  cursor: "${workspaceFolder}",
} as const;

export interface Launch {
  /** The project installed archon (node_modules/.bin/archon): start that one through npx. */
  local: boolean;
  /** The project root as the config spells it; undefined lets archon find it from its working folder. */
  root?: string;
}

export function mcpEntry(surface: Surface, launch: Launch): McpEntry {
  const [command, ...start] = launchWords(launch.local, launch.root) as [string, ...string[]];
  const root = launch.root === undefined ? [] : ["--project-root", launch.root];
  return { command, args: [...start, "--surface", surface, ...root] };
}

/** The entry as one line for a person to paste: each argument quoted only when it needs to be. */
export function commandLine(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`)).join(" ");
}
