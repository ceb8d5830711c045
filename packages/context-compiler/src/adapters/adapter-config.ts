// What adapter rendering depends on, and the ONE place the archon command written into hooks is computed.
import { relative, resolve } from "node:path";
import { UserError } from "@archon/core";
import { isInside } from "../knowledge/project-write.js";
import { ARCHON_DB } from "../vocabulary/project-files.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import { ARCHON_BIN, forwardSlashes, projectHasArchon } from "./launcher.js";

/** Everything a deployed file is a function of: rendering is pure over this. */
export interface AdapterConfig {
  /** The running archon version, recorded with every deploy. */
  version: string;
  /** Tool name prefix (`archon_`), from mcp/tool-prefix.ts. */
  prefix: string;
  /** How hooks start archon, everything before the subcommand, for each place a hook runs. */
  commands: HookCommands;
  /** Where archon's Claude Code hooks go: the committed settings only when no machine path is in them. */
  claudeSettings: ClaudeSettingsFile;
  /**
   * Whether Codex's and Cursor's hook files hold a path of this machine (archon run from a checkout, or
   * ARCHON_HOOK_COMMAND): git is then told to ignore them in this clone.
   */
  agentHooksLocal: boolean;
  /** Hooks whose commands another part of archon provides; written only once those commands exist. */
  optionalHooks: OptionalHooks;
}

export interface HookCommands {
  /** Claude Code hooks (.claude/settings*.json). */
  claude: string;
  /** Git hooks (.git/hooks/*), which every worktree of a repository shares. */
  git: string;
  /**
   * Codex's and Cursor's hook files (.codex/hooks.json, .cursor/hooks.json). They hold only the read hook,
   * which finds the project from its input (the session's folder, the workspace roots) and never opens
   * the database: so no root and no --db.
   */
  agents: string;
  /** Gemini CLI hooks, in the project's .gemini/settings.json beside its server entry. */
  gemini: string;
}

export const CLAUDE_SETTINGS = {
  shared: ".claude/settings.json",
  /** Claude Code's personal, never committed project settings. */
  personal: ".claude/settings.local.json",
} as const;
export type ClaudeSettingsFile = (typeof CLAUDE_SETTINGS)[keyof typeof CLAUDE_SETTINGS];

export interface OptionalHooks {
  reindexSymbols: boolean;
  verifyCache: boolean;
}

/**
 * Whether `reindex-symbols --hook` and `verify-cache --hook` exist in this build. Flip an entry to true
 * when its command lands in cli/main.ts; the next compile then flags deployed settings as stale.
 */
export const OPTIONAL_HOOKS_AVAILABLE: OptionalHooks = { reindexSymbols: true, verifyCache: true };

/** Replaces the whole base command (e.g. `archon --project-root /repo` once archon is installed globally). */
export const HOOK_COMMAND_ENV = "ARCHON_HOOK_COMMAND";

/**
 * The project folder as each hook learns it at run time, so a clone, a copy or a worktree uses its own
 * database. Claude Code sets CLAUDE_PROJECT_DIR to the project root for hook commands (its hooks
 * reference, code.claude.com/docs/en/hooks); git runs hooks inside the worktree being committed to.
 */
const ROOT_AT_RUN_TIME: Record<keyof HookCommands, string | undefined> = {
  claude: '"$CLAUDE_PROJECT_DIR"',
  git: '"$(git rev-parse --show-toplevel)"',
  agents: undefined,
  // Gemini CLI replaces $GEMINI_PROJECT_DIR in a hook command with the folder, quoted for its shell, before
  // the shell runs it (geminicli.com/docs/hooks): in quotes of ours it would be quoted twice.
  gemini: "$GEMINI_PROJECT_DIR",
};

/**
 * One argument as every shell we target reads it: bare when it holds only safe characters, otherwise in
 * double quotes, which none of them treat differently for a path without `"`, `$`, `%` or backticks.
 */
export function shellArg(value: string): string {
  if (/^[A-Za-z0-9_./:@=+-]+$/.test(value)) return value;
  if (/["$`%!\n\r]/.test(value)) {
    throw new UserError(
      `Cannot write "${value}" into a hook command: it holds a character shells treat specially.`,
      `Move the project or archon to a path without quotes, $, %, ! or backticks, or set ${HOOK_COMMAND_ENV}.`,
    );
  }
  return `"${value}"`;
}

export interface CommandInputs {
  projectRoot: string;
  /** The database the deploying process uses; passed on when it is not the default location. */
  dbPath?: string;
  env?: NodeJS.ProcessEnv;
}

/** `--db <path>` when the database is not the default one: relative inside the project, absolute outside. */
function dbWords(root: string, dbPath: string | undefined): { words: string[]; inside: boolean } {
  if (!dbPath || dbPath === ":memory:") return { words: [], inside: true };
  const db = resolve(root, dbPath);
  const rel = forwardSlashes(relative(root, db));
  if (rel === ARCHON_DB) return { words: [], inside: true };
  const inside = isInside(root, db);
  return { words: ["--db", shellArg(inside ? rel : forwardSlashes(db))], inside };
}

/** True when hook commands can be committed: the project installed archon and keeps its database inside. */
export function portableCommands(inputs: CommandInputs): boolean {
  const env = inputs.env ?? process.env;
  if (env[HOOK_COMMAND_ENV]?.trim()) return false;
  const root = resolve(inputs.projectRoot);
  return projectHasArchon(root) && dbWords(root, inputs.dbPath).inside;
}

/**
 * The base command for hooks of `where`: the project's archon through npx when it installed one, else
 * this checkout's bin; the root always from the hook's own environment. ARCHON_HOOK_COMMAND wins whole.
 */
export function archonCommand(inputs: CommandInputs, where: keyof HookCommands): string {
  const override = inputs.env?.[HOOK_COMMAND_ENV]?.trim();
  if (override) {
    // Managed hook entries are found again by the word "archon" in their command.
    if (!/archon/.test(override))
      throw new UserError(
        `${HOOK_COMMAND_ENV} must mention archon (it is how archon finds its own hook entries again).`,
        `For example: ${HOOK_COMMAND_ENV}="archon --project-root /path/to/project"`,
      );
    return override;
  }
  const root = resolve(inputs.projectRoot);
  const at = ROOT_AT_RUN_TIME[where];
  // Without a root, npx finds the project's archon from the hook's working folder, inside the project.
  const start = projectHasArchon(root)
    ? ["npx", "--no-install", ...(at ? ["--prefix", at] : []), "archon"]
    : ["node", shellArg(ARCHON_BIN)];
  if (at === undefined) return start.join(" ");
  return [...start, "--project-root", at, ...dbWords(root, inputs.dbPath).words].join(" ");
}

export function adapterConfig(inputs: CommandInputs & { version: string }): AdapterConfig {
  const env = inputs.env ?? process.env;
  const withEnv = { ...inputs, env };
  return {
    version: inputs.version,
    prefix: toolPrefix(env),
    commands: {
      claude: archonCommand(withEnv, "claude"),
      git: archonCommand(withEnv, "git"),
      agents: archonCommand(withEnv, "agents"),
      gemini: archonCommand(withEnv, "gemini"),
    },
    claudeSettings: portableCommands(withEnv) ? CLAUDE_SETTINGS.shared : CLAUDE_SETTINGS.personal,
    agentHooksLocal: Boolean(env[HOOK_COMMAND_ENV]?.trim()) || !projectHasArchon(resolve(inputs.projectRoot)),
    optionalHooks: { ...OPTIONAL_HOOKS_AVAILABLE },
  };
}
