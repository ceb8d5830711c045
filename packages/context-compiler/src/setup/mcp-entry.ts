// How a client starts archon: one entry per surface, with forward slashes and no shell syntax, so the
// same config works from bash, PowerShell and cmd.exe.
import { fileURLToPath } from "node:url";
import type { Surface } from "../knowledge/surface.js";

export const SERVER_NAMES: Record<Surface, string> = { agent: "archon", admin: "archon-admin" };
export const DB_ARG = ".archon/archon.db";

export interface McpEntry {
  command: string;
  args: string[];
}

/** `C:\Users\me\proj` → `C:/Users/me/proj`; POSIX paths are unchanged. */
export const forwardSlashes = (path: string) => path.replace(/\\/g, "/");

/** The archon executable script of this checkout (bin/archon.js), as an absolute forward-slash path. */
export function archonBinPath(): string {
  return forwardSlashes(fileURLToPath(new URL("../../bin/archon.js", import.meta.url)));
}

export function mcpEntry(surface: Surface, projectRoot: string, bin = archonBinPath()): McpEntry {
  return {
    command: "node",
    args: [
      forwardSlashes(bin),
      "--surface",
      surface,
      "--db",
      DB_ARG,
      "--project-root",
      forwardSlashes(projectRoot),
    ],
  };
}

/** The entry as one line for a person to paste: each argument quoted only when it needs to be. */
export function commandLine(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`)).join(" ");
}
