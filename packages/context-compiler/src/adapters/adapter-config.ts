// What adapter rendering depends on, and the ONE place the archon command written into hooks is computed.
import { isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { UserError } from "@archon/core";
import { toolPrefix } from "../mcp/tool-prefix.js";

/** Everything a deployed file is a function of: rendering is pure over this. */
export interface AdapterConfig {
  /** The running archon version, recorded with every deploy. */
  version: string;
  /** Tool name prefix (`archon_`), from mcp/tool-prefix.ts. */
  prefix: string;
  /** How hooks start archon: everything before the subcommand. */
  command: string;
  /** Hooks whose commands another part of archon provides; written only once those commands exist. */
  optionalHooks: OptionalHooks;
}

export interface OptionalHooks {
  reindexSymbols: boolean;
  verifyCache: boolean;
}

/**
 * Whether `reindex-symbols --hook` and `verify-cache --hook` exist in this build. Flip an entry to true
 * when its command lands in cli/main.ts; the next compile then flags deployed settings as stale.
 */
export const OPTIONAL_HOOKS_AVAILABLE: OptionalHooks = { reindexSymbols: false, verifyCache: false };

/** Replaces the whole base command (e.g. `archon --project-root /repo` once archon is installed globally). */
export const HOOK_COMMAND_ENV = "ARCHON_HOOK_COMMAND";

const DEFAULT_DB = ".archon/archon.db";

/** The package's own entry point, whether this module runs from src/ or dist/. */
export const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));

/** Forward slashes work on every platform Node runs on and need no escaping in JSON or sh. */
const forward = (path: string) => path.replace(/\\/g, "/");

/**
 * One argument as every shell we target reads it (sh, cmd.exe, PowerShell after a bare `node`): bare
 * when it holds only safe characters, otherwise in double quotes, which none of them treat differently
 * for a path without `"`, `$`, `%` or backticks.
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

/** `node <bin/archon.js> --project-root <root> [--db <db>]`, or the ARCHON_HOOK_COMMAND override. */
export function archonCommand(inputs: CommandInputs): string {
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
  const parts = ["node", shellArg(forward(ARCHON_BIN)), "--project-root", shellArg(forward(root))];
  if (inputs.dbPath && inputs.dbPath !== ":memory:") {
    const db = resolve(root, inputs.dbPath);
    const rel = relative(root, db);
    const isDefault = forward(rel) === DEFAULT_DB;
    if (!isDefault) parts.push("--db", shellArg(forward(isAbsolute(rel) || rel.startsWith("..") ? db : rel)));
  }
  return parts.join(" ");
}

export function adapterConfig(inputs: CommandInputs & { version: string }): AdapterConfig {
  const env = inputs.env ?? process.env;
  return {
    version: inputs.version,
    prefix: toolPrefix(env),
    command: archonCommand({ ...inputs, env }),
    optionalHooks: { ...OPTIONAL_HOOKS_AVAILABLE },
  };
}
