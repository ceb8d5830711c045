// Writing client config files: merge our entry, keep everything else, and write only when bytes change.
import { existsSync, readFileSync } from "node:fs";
import { UserError } from "@archon/core";
import { writeProjectFile } from "../knowledge/project-write.js";

export type FileAction = "created" | "updated" | "unchanged";

export interface FileChange {
  path: string;
  action: FileAction;
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

function readJsonConfig(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(path, "utf8"));
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
  const config = readJsonConfig(path);
  const servers = (config.mcpServers ?? {}) as Record<string, unknown>;
  const next = { ...config, mcpServers: { ...servers, [name]: entry } };
  return writeIfChanged(root, path, `${JSON.stringify(next, null, 2)}\n`, dryRun);
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

const tomlString = (s: string) => JSON.stringify(s);

/** The file's lines and where the `[mcp_servers.<name>]` table runs (start undefined when absent). */
function codexLines(path: string, header: string) {
  const lines = existsSync(path) ? readFileSync(path, "utf8").replace(/\r\n/g, "\n").split("\n") : [];
  if (lines.at(-1) === "") lines.pop();
  const start = lines.findIndex((l) => l.trim() === header);
  if (start < 0) return { lines, start: undefined, end: undefined };
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end] as string)) end++;
  while (end > start + 1 && (lines[end - 1] as string).trim() === "") end--;
  return { lines, start, end };
}

/** The `[mcp_servers.<name>]` table's lines, header first. */
export function codexTable(name: string, entry: { command: string; args: string[] }): string[] {
  return [
    `[mcp_servers.${name}]`,
    `command = ${tomlString(entry.command)}`,
    `args = [${entry.args.map(tomlString).join(", ")}]`,
  ];
}

/**
 * Sets the `[mcp_servers.<name>]` table in a Codex config.toml. Our table is replaced whole (up to the next
 * table header); every other line of the file stays as it was.
 */
export function mergeCodexToml(
  root: string,
  path: string,
  name: string,
  entry: { command: string; args: string[] },
  dryRun = false,
) {
  const table = codexTable(name, entry);
  const { lines, start, end } = codexLines(path, table[0] as string);
  if (start === undefined) {
    const out = lines.length > 0 ? [...lines, "", ...table] : table;
    return writeIfChanged(root, path, `${out.join("\n")}\n`, dryRun);
  }
  const out = [...lines.slice(0, start), ...table, ...lines.slice(end)];
  return writeIfChanged(root, path, `${out.join("\n")}\n`, dryRun);
}

/** Takes archon's own `[mcp_servers.<name>]` table out of a config.toml; undefined when absent or not archon's. */
export function removeCodexTable(
  root: string,
  path: string,
  name: string,
  dryRun = false,
): FileChange | undefined {
  const { lines, start, end } = codexLines(path, `[mcp_servers.${name}]`);
  // The header names the server, so only the table's body tells whose command it is.
  if (start === undefined || !startsArchon(lines.slice(start + 1, end))) return undefined;
  const out = [...lines.slice(0, start), ...lines.slice(end)];
  // Drop the blank line that separated the table from what came before it.
  if (start > 0 && (out[start - 1] as string).trim() === "" && (out[start] ?? "").trim() === "")
    out.splice(start - 1, 1);
  while (out.at(-1)?.trim() === "") out.pop();
  return writeIfChanged(root, path, out.length > 0 ? `${out.join("\n")}\n` : "", dryRun);
}
