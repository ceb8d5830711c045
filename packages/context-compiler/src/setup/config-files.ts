// Writing client config files: merge our entry, keep everything else, and write only when bytes change.
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { UserError } from "@archon/core";
import { writeProjectFile } from "../knowledge/project-write.js";
import { type CodexServer, codexServer, removeCodexServer, setCodexServer } from "./codex-config.js";

export { codexTable } from "./codex-config.js";

export type FileAction = "created" | "updated" | "unchanged";

export interface FileChange {
  path: string;
  action: FileAction;
  /** A byte-for-byte copy of the file as it was, taken before archon changed a file of the person's. */
  backup?: string;
}

/** Writes `content` unless the file already holds exactly that; only inside `root`, never through a link. */
export function writeIfChanged(root: string, path: string, content: string, dryRun = false): FileChange {
  const before = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  const action: FileAction = before === undefined ? "created" : before === content ? "unchanged" : "updated";
  if (action !== "unchanged" && !dryRun) {
    writeProjectFile({ root }, path, content);
  }
  return { path, action };
}

const readJsonConfig = (path: string) =>
  parseJsonConfig(path, existsSync(path) ? readFileSync(path, "utf8") : undefined);

/** The JSON object a config file holds (`text` undefined: no file, so empty); a UserError for anything else. */
function parseJsonConfig(path: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new UserError(
      `${path} is not valid JSON (${(error as Error).message}); fix or remove it, then run setup again.`,
    );
  }
  if (config === null || typeof config !== "object" || Array.isArray(config)) {
    throw new UserError(`${path} does not hold a JSON object; fix it, then run setup again.`);
  }
  return config as Record<string, unknown>;
}

/** Sets `mcpServers[name]` in a JSON config (Claude Code's .mcp.json, Cursor's mcp.json), keeping the rest. */
export function mergeMcpJson(
  root: string,
  path: string,
  name: string,
  entry: unknown,
  dryRun = false,
): FileChange {
  return writeIfChanged(root, path, withMcpServer(readJsonConfig(path), name, entry), dryRun);
}

/** The config's text with `mcpServers[name]` set to `entry`, everything else kept. */
function withMcpServer(config: Record<string, unknown>, name: string, entry: unknown): string {
  const servers = (config.mcpServers ?? {}) as Record<string, unknown>;
  return `${JSON.stringify({ ...config, mcpServers: { ...servers, [name]: entry } }, null, 2)}\n`;
}

/**
 * Sets `mcpServers[name]` in a settings file that holds the person's whole client configuration (Gemini
 * CLI's .gemini/settings.json): before archon rewrites one that exists, a byte-for-byte copy goes beside
 * it (`settings.json.archon-backup-<UTC stamp>`), so formatting or keys a JSON round trip loses stay kept.
 */
export function mergeMcpJsonKeepingCopy(
  root: string,
  path: string,
  name: string,
  entry: unknown,
  dryRun = false,
): FileChange {
  // Read once: the copy kept is of the very bytes the merge started from.
  const before = existsSync(path) ? readFileSync(path) : undefined;
  const text = before?.toString("utf8");
  const next = withMcpServer(parseJsonConfig(path, text), name, entry);
  const action: FileAction = text === undefined ? "created" : text === next ? "unchanged" : "updated";
  if (action === "unchanged" || dryRun) return { path, action };
  if (before === undefined) {
    writeProjectFile({ root }, path, next);
    return { path, action };
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  const backup = join(dirname(path), `${basename(path)}.archon-backup-${stamp}`);
  if (!existsSync(backup)) writeProjectFile({ root }, backup, before);
  writeProjectFile({ root }, path, next);
  return { path, action, backup };
}

/** An entry an earlier archon setup wrote: it starts archon. A server of the user's is never taken out. */
const startsArchon = (entry: unknown) => /archon/.test(JSON.stringify(entry ?? null));

/**
 * Takes archon's own `mcpServers[name]` out of a committed JSON config (an earlier setup wrote it with this
 * machine's paths); undefined when there is none. The removed text stays in git history.
 */
export function removeMcpJsonEntry(
  root: string,
  path: string,
  name: string,
  dryRun = false,
): FileChange | undefined {
  if (!existsSync(path)) return undefined;
  const config = readJsonConfig(path);
  const servers = (config.mcpServers ?? {}) as Record<string, unknown>;
  if (!(name in servers) || !startsArchon(servers[name])) return undefined;
  const { [name]: _removed, ...rest } = servers;
  return writeIfChanged(root, path, `${JSON.stringify({ ...config, mcpServers: rest }, null, 2)}\n`, dryRun);
}

const readText = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : "");

/**
 * Sets `mcp_servers.<name>` in a Codex config.toml, whichever way the file wrote it (its own table, dotted
 * keys, an inline servers table), keeping every other setting and comment. A file that does not parse, or
 * an edit that would change anything else, is refused with a UserError and the file left as it was.
 */
export function mergeCodexToml(
  root: string,
  path: string,
  name: string,
  entry: CodexServer,
  dryRun = false,
): FileChange {
  return writeIfChanged(root, path, setCodexServer(path, readText(path), name, entry), dryRun);
}

/** Takes archon's own `mcp_servers.<name>` out of a config.toml; undefined when absent or not archon's. */
export function removeCodexTable(
  root: string,
  path: string,
  name: string,
  dryRun = false,
): FileChange | undefined {
  if (!existsSync(path)) return undefined;
  const text = readText(path);
  if (!startsArchon(codexServer(path, text, name))) return undefined;
  return writeIfChanged(root, path, removeCodexServer(path, text, name), dryRun);
}
