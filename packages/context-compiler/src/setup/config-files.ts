// Writing client config files: merge our entry, keep everything else, and write only when bytes change.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { UserError } from "@archon/core";

export type FileAction = "created" | "updated" | "unchanged";

export interface FileChange {
  path: string;
  action: FileAction;
}

/** Writes `content` unless the file already holds exactly that. */
export function writeIfChanged(path: string, content: string, dryRun = false): FileChange {
  const before = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  const action: FileAction = before === undefined ? "created" : before === content ? "unchanged" : "updated";
  if (action !== "unchanged" && !dryRun) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return { path, action };
}

/** Sets `mcpServers[name]` in a JSON config (Claude Code's .mcp.json, Cursor's mcp.json), keeping the rest. */
export function mergeMcpJson(path: string, name: string, entry: unknown, dryRun = false): FileChange {
  let config: Record<string, unknown> = {};
  if (existsSync(path)) {
    try {
      config = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    } catch (error) {
      throw new UserError(
        `${path} is not valid JSON (${(error as Error).message}); fix or remove it, then run setup again.`,
      );
    }
    if (config === null || typeof config !== "object" || Array.isArray(config)) {
      throw new UserError(`${path} does not hold a JSON object; fix it, then run setup again.`);
    }
  }
  const servers = (config.mcpServers ?? {}) as Record<string, unknown>;
  const next = { ...config, mcpServers: { ...servers, [name]: entry } };
  return writeIfChanged(path, `${JSON.stringify(next, null, 2)}\n`, dryRun);
}

const tomlString = (s: string) => JSON.stringify(s);

/**
 * Sets the `[mcp_servers.<name>]` table in a Codex config.toml. Our table is replaced whole (up to the next
 * table header); every other line of the file stays as it was.
 */
export function mergeCodexToml(
  path: string,
  name: string,
  entry: { command: string; args: string[] },
  dryRun = false,
) {
  const header = `[mcp_servers.${name}]`;
  const table = [
    header,
    `command = ${tomlString(entry.command)}`,
    `args = [${entry.args.map(tomlString).join(", ")}]`,
  ];
  const lines = existsSync(path) ? readFileSync(path, "utf8").replace(/\r\n/g, "\n").split("\n") : [];
  if (lines.at(-1) === "") lines.pop();
  const start = lines.findIndex((l) => l.trim() === header);
  if (start < 0) {
    const out = lines.length > 0 ? [...lines, "", ...table] : table;
    return writeIfChanged(path, `${out.join("\n")}\n`, dryRun);
  }
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end] as string)) end++;
  while (end > start + 1 && (lines[end - 1] as string).trim() === "") end--;
  const out = [...lines.slice(0, start), ...table, ...lines.slice(end)];
  return writeIfChanged(path, `${out.join("\n")}\n`, dryRun);
}
