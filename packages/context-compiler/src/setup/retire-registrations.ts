// Taking out what older setups registered and no longer should: the admin surface in any agent's config,
// and agent entries in a client's global config that made every other repository start archon.
import { constants, copyFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { findOnPath, runCli } from "./client-cli.js";
import { type FileChange, removeCodexTable, removeMcpJsonEntry } from "./config-files.js";
import { commandLine } from "./mcp-entry.js";

export interface Retirement {
  server: string;
  /** Where the registration was, as a person reads it. */
  where: string;
  /** planned: a dry run found it; failed: the client's CLI refused, `instructions` says what to run. */
  status: "removed" | "planned" | "failed";
  instructions: string;
  detail?: string;
}

export interface RetireOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  dryRun?: boolean;
}

const home = (env: NodeJS.ProcessEnv) => env.HOME ?? env.USERPROFILE ?? homedir();

/**
 * Whether a `<cli> mcp get` answer shows a server that starts archon. Only its command and args lines are
 * read (Claude Code prints `Command:`/`Args:`, Codex `command:`/`args:`): the name itself says archon.
 */
export function showsArchonCommand(output: string): boolean {
  const words = [...output.matchAll(/^\s*(?:command|args)\s*:(.*)$/gim)].map((m) => m[1]);
  return words.some((w) => /archon/.test(w ?? ""));
}

/**
 * Claude Code keeps its local scope in the person's own ~/.claude.json, keyed by project folder: only its
 * CLI edits that safely. Without the CLI nothing an older setup registered there can be seen, or removed.
 */
export function retireClaudeLocal(server: string, options: RetireOptions): Retirement[] {
  const env = options.env ?? process.env;
  const executable = findOnPath("claude", env);
  if (!executable) return [];
  const probe = runCli(executable, ["mcp", "get", server], options.projectRoot, env);
  if (!probe.ok || !showsArchonCommand(probe.output)) return [];
  const remove = ["mcp", "remove", server, "--scope", "local"];
  const base = {
    server,
    where: "Claude Code's local scope",
    instructions: commandLine(["claude", ...remove]),
  };
  if (options.dryRun) return [{ ...base, status: "planned" }];
  const run = runCli(executable, remove, options.projectRoot, env);
  return [run.ok ? { ...base, status: "removed" } : { ...base, status: "failed", detail: run.output }];
}

/**
 * A person's global config is theirs, not archon's: before the first edit, a byte-for-byte copy goes
 * beside it (`config.toml.archon-backup-<UTC stamp>`), named in every retirement, so nothing is lost.
 */
function backUp(path: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  const backup = `${path}.archon-backup-${stamp}`;
  if (!existsSync(backup)) copyFileSync(path, backup, constants.COPYFILE_EXCL);
  return backup;
}

/** Removes each server from a global config the person owns, backing the file up first. */
function retireFrom(
  path: string,
  where: string,
  servers: readonly string[],
  remove: (server: string, dryRun: boolean) => FileChange | undefined,
  dryRun?: boolean,
): Retirement[] {
  const found = servers.filter((server) => remove(server, true) !== undefined);
  if (found.length === 0) return [];
  const backup = dryRun ? undefined : backUp(path);
  return found.map((server) => {
    if (!dryRun) remove(server, false);
    return {
      server,
      where,
      status: dryRun ? "planned" : "removed",
      instructions: `edit ${path}`,
      ...(backup ? { detail: `the file as it was is kept at ${backup}` } : {}),
    };
  });
}

/**
 * Codex's global config.toml (in CODEX_HOME, ~/.codex by default: developers.openai.com/codex/config-reference)
 * serves every folder Codex opens. Its archon tables are edited as a file, the way the project's is:
 * `codex mcp remove` would not say whether the table it removes starts archon or a server of the person's.
 */
export function retireCodexGlobal(servers: readonly string[], options: RetireOptions): Retirement[] {
  const env = options.env ?? process.env;
  const codexHome = env.CODEX_HOME ?? join(home(env), ".codex");
  const path = join(codexHome, "config.toml");
  if (!existsSync(path)) return [];
  return retireFrom(
    path,
    "Codex's global config",
    servers,
    (server, dryRun) => removeCodexTable(codexHome, path, server, dryRun),
    options.dryRun,
  );
}

/** ~/.cursor/mcp.json serves every workspace: older setups told people to paste both surfaces there. */
export function retireCursorGlobal(servers: readonly string[], options: RetireOptions): Retirement[] {
  const path = join(home(options.env ?? process.env), ".cursor", "mcp.json");
  if (!existsSync(path)) return [];
  return retireFrom(
    path,
    "Cursor's user config (~/.cursor/mcp.json)",
    servers,
    (server, dryRun) => removeMcpJsonEntry(dirname(path), path, server, dryRun),
    options.dryRun,
  );
}
