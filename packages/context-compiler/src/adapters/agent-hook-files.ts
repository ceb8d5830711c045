// Codex's and Cursor's project hook files, which carry archon's read hook: Codex's PostToolUse on Bash in
// .codex/hooks.json (Claude Code's shape, so merged the same way), Cursor's beforeReadFile and
// afterShellExecution in .cursor/hooks.json. The user's entries stay; archon's are found by their command.
import { UserError } from "@archon/core";
import type { AdapterConfig } from "./adapter-config.js";
import { isManagedHandler, type ManagedHooks } from "./claude-hooks.js";

/**
 * Codex loads it from the repository only once the project is trusted, and asks the person to review a
 * new or changed command hook before it runs (developers.openai.com/codex/hooks).
 */
export const CODEX_HOOKS_FILE = ".codex/hooks.json";
/** Cursor runs project hooks from the workspace root and lets the action go ahead when one fails. */
export const CURSOR_HOOKS_FILE = ".cursor/hooks.json";

/** Codex names every shell command's tool `Bash`; its input carries `cwd` and `tool_input.command`. */
export function renderCodexHooks(config: AdapterConfig): ManagedHooks {
  const handler = { type: "command" as const, command: `${config.commands.agents} record-read --hook` };
  return { PostToolUse: [{ matcher: "Bash", hooks: [handler] }] };
}

/** Cursor's hook entries per event: a command each, no matchers. */
export type CursorHooks = Record<string, { command: string }[]>;

/**
 * beforeReadFile for files its agent opens (the hook answers allow), afterShellExecution for files read with
 * cat and the like (after the fact, so a shell command never waits on archon).
 */
export function renderCursorHooks(config: AdapterConfig): CursorHooks {
  const entry = { command: `${config.commands.agents} record-read --client cursor --hook` };
  return { beforeReadFile: [entry], afterShellExecution: [{ ...entry }] };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `file` with archon's entries put where the first of them was (or at the end of the event's list) and
 * every other entry and key kept in its order, so a second run is byte-identical. A new file gets
 * `version: 1`. Throws a UserError naming what is malformed; the caller leaves such a file alone.
 */
export function mergeCursorHooks(path: string, file: unknown, managed: CursorHooks): Json {
  if (!isObject(file))
    throw new UserError(`${path} is not a JSON object.`, `Fix ${path}, then deploy again.`);
  if (file.hooks !== undefined && !isObject(file.hooks))
    throw new UserError(
      `${path} has a "hooks" value that is not an object.`,
      `Fix ${path}, then deploy again.`,
    );
  const out: Json = { ...(file.version === undefined ? { version: 1 } : {}), ...structuredClone(file) };
  const hooks: Json = isObject(out.hooks) ? out.hooks : {};
  for (const event of new Set([...Object.keys(hooks), ...Object.keys(managed)])) {
    const current = hooks[event];
    if (current !== undefined && !Array.isArray(current))
      throw new UserError(`${path}: hooks.${event} is not a list.`, `Fix ${path}, then deploy again.`);
    const kept: unknown[] = [];
    let at: number | undefined;
    for (const entry of current ?? []) {
      if (isManagedHandler(entry)) at ??= kept.length;
      else kept.push(entry);
    }
    const mine = managed[event];
    if (mine) kept.splice(at ?? kept.length, 0, ...structuredClone(mine));
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  out.hooks = hooks;
  return out;
}
