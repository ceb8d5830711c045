// Claude Code hook entries in .claude/settings(.local).json (Codex's and Gemini CLI's hook files share the
// shape): archon's are found by their command; the user's stay.
import { UserError } from "@archon/core";
import { SERVER_NAMES } from "../knowledge/surface.js";
import type { AdapterConfig } from "./adapter-config.js";

export type HookEvent = "SessionStart" | "UserPromptSubmit" | "PostToolUse" | "PreCompact";

interface Handler {
  type: "command";
  command: string;
  /** Gemini CLI shows it in its hook list and takes it in `/hooks disable <name>`. */
  name?: string;
}
interface HookGroup {
  matcher?: string;
  hooks: Handler[];
}
/** Archon's groups per event, in the order they are written: PostToolUse has two (observe, then Read). */
export type ManagedHooks = Partial<Record<HookEvent, HookGroup[]>>;
/** The same for a client whose events have other names (Gemini CLI's BeforeAgent, AfterTool). */
export type ManagedGroups = Partial<Record<string, HookGroup[]>>;

/** The archon subcommands hooks run; a handler running one of them with --hook is archon's. */
const HOOK_SUBCOMMANDS = ["sync-rules", "reindex-symbols", "verify-cache", "record-read"];
// `--client <agent>` before `--hook`: the form a hook takes in another agent's file (adapters/agent-hook-files.ts).
const MANAGED = new RegExp(`archon.*\\s(${HOOK_SUBCOMMANDS.join("|")})( --client \\w+)? --hook\\s*$`);

export const isManagedHandler = (handler: unknown): boolean =>
  typeof handler === "object" &&
  handler !== null &&
  typeof (handler as { command?: unknown }).command === "string" &&
  MANAGED.test((handler as { command: string }).command);

/** The Claude Code tools whose use the read hook records. */
const READ_TOOLS = "Read|Bash";

/** What archon wants in `hooks`, per event, in Claude Code's settings shape. */
export function renderClaudeHooks(config: AdapterConfig): ManagedHooks {
  const run = (sub: string): Handler => ({
    type: "command",
    command: `${config.commands.claude} ${sub} --hook`,
  });
  const sessionStart = [run("sync-rules")];
  if (config.optionalHooks.reindexSymbols) sessionStart.push(run("reindex-symbols"));
  // PreCompact output reaches no context: the SessionStart after a compaction prints the saved verdict.
  if (config.optionalHooks.verifyCache) sessionStart.push(run("verify-cache"));
  const hooks: ManagedHooks = {
    // An empty matcher is every session source: startup, resume, clear and compact.
    SessionStart: [{ matcher: "", hooks: sessionStart }],
    // UserPromptSubmit takes no matcher.
    UserPromptSubmit: [{ hooks: [run("sync-rules")] }],
    PostToolUse: [
      // After the agent captures a decision, so the reply that confirms it must come from this session.
      // Letters, digits and underscores only: Claude Code compares such a matcher as an exact tool name.
      { matcher: `mcp__${SERVER_NAMES.agent}__${config.prefix}observe`, hooks: [run("sync-rules")] },
      // Which files the agent opened, with Read or with cat, sed -n and the like through Bash, so eval can
      // tell a deferred rule that was read from an unneeded one. With a `|` the matcher is a pattern.
      { matcher: READ_TOOLS, hooks: [run("record-read")] },
    ],
  };
  if (config.optionalHooks.verifyCache) hooks.PreCompact = [{ matcher: "", hooks: [run("verify-cache")] }];
  return hooks;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `settings` with every archon handler removed and archon's groups put where the first of them was
 * (or at the end), so a second run is byte-identical. Other keys keep their order and values, and so do
 * `notEvents`: keys of `hooks` that are settings rather than events (Gemini CLI's `enabled`, `disabled`).
 */
export function mergeClaudeHooks(
  path: string,
  settings: unknown,
  managed: ManagedGroups,
  notEvents: readonly string[] = [],
): Json {
  if (!isObject(settings))
    throw new UserError(`${path} is not a JSON object.`, `Fix ${path} by hand, then deploy again.`);
  const out: Json = structuredClone(settings);
  if (out.hooks !== undefined && !isObject(out.hooks))
    throw new UserError(
      `${path} has a "hooks" value that is not an object.`,
      `Fix ${path}, then deploy again.`,
    );
  const hooks: Json = isObject(out.hooks) ? out.hooks : {};
  const events = new Set<string>([...Object.keys(hooks), ...Object.keys(managed)]);
  for (const key of notEvents) events.delete(key);
  for (const event of events) {
    const current = hooks[event];
    if (current !== undefined && !Array.isArray(current))
      throw new UserError(`${path}: hooks.${event} is not a list.`, `Fix ${path}, then deploy again.`);
    const groups: unknown[] = [];
    let at: number | undefined;
    for (const group of current ?? []) {
      const handlers = isObject(group) && Array.isArray(group.hooks) ? group.hooks : undefined;
      if (!handlers?.some(isManagedHandler)) {
        groups.push(group);
        continue;
      }
      at ??= groups.length;
      const kept = handlers.filter((h) => !isManagedHandler(h));
      if (kept.length > 0) groups.push({ ...group, hooks: kept });
    }
    const mine = managed[event];
    if (mine) groups.splice(at ?? groups.length, 0, ...structuredClone(mine));
    if (groups.length > 0) hooks[event] = groups;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length > 0 || out.hooks !== undefined) out.hooks = hooks;
  return out;
}
