// The person check for approving from the command line: refuse inside a coding agent's shell (P-3).
import { UserError } from "@archon/core";

/**
 * Variables coding agents set in the shells they spawn for their own commands, with the value that
 * marks an agent's shell (undefined: any non-empty value). Sources, checked 2026-12-01:
 * - CLAUDECODE=1: Claude Code sets it in its Bash tool's shell since v0.2.47 (anthropics/claude-code#531).
 * - CLAUDE_CODE_ENTRYPOINT: set by Claude Code for the processes it starts (cli, sdk-ts, ...), documented
 *   among the variables to clear before a nested launch (clonable-eden/cekernel#183).
 * - CODEX_SANDBOX_NETWORK_DISABLED=1 and CODEX_SANDBOX ("seatbelt" on macOS): set by Codex on the
 *   commands its shell tool runs under its sandbox (openai/codex, AGENTS.md and codex-rs/core/src/spawn.rs).
 * - CURSOR_AGENT=1: set by Cursor in agent terminals (cursor.com/docs/agent/terminal, cited in
 *   VerifyTests/DiffEngine#671).
 * - CURSOR_EXTENSION_HOST_ROLE=agent-exec: the in-editor Cursor agent's command shells
 *   (vercel/vercel#15879). Its other values and CURSOR_TRACE_ID also appear in a person's own Cursor
 *   terminal, so they are not used.
 */
export const AGENT_SHELL_VARIABLES: readonly { name: string; value?: string; agent: string }[] = [
  { name: "CLAUDECODE", agent: "Claude Code" },
  { name: "CLAUDE_CODE_ENTRYPOINT", agent: "Claude Code" },
  { name: "CODEX_SANDBOX_NETWORK_DISABLED", agent: "Codex" },
  { name: "CODEX_SANDBOX", agent: "Codex" },
  { name: "CURSOR_AGENT", agent: "Cursor" },
  { name: "CURSOR_EXTENSION_HOST_ROLE", value: "agent-exec", agent: "Cursor" },
];

/** The first agent-shell variable set in `env`, or undefined in an ordinary shell. */
export function agentShellVariable(
  env: NodeJS.ProcessEnv,
): { name: string; value: string; agent: string } | undefined {
  for (const v of AGENT_SHELL_VARIABLES) {
    const value = env[v.name];
    if (value === undefined || value === "") continue;
    if (v.value === undefined || v.value === value) return { name: v.name, value, agent: v.agent };
  }
  return undefined;
}

/** What the check reads from the process, injected so it can be tested without one. */
export interface Caller {
  env: NodeJS.ProcessEnv;
  /** stdin and stdout are both a terminal: an agent's shell gives its commands none. */
  terminal: boolean;
}

export const currentCaller = (): Caller => ({
  env: process.env,
  terminal: Boolean(process.stdin.isTTY && process.stdout.isTTY),
});

/**
 * Throws a UserError when `command` would approve (or decide) knowledge from inside a coding agent's
 * shell. `--i-am-human` lets a person whose own terminal inherited such a variable go on, but only at a
 * terminal: the flag alone is something an agent can type too.
 */
export function requirePerson(command: string, iAmHuman: boolean, caller: Caller = currentCaller()): void {
  const found = agentShellVariable(caller.env);
  if (found === undefined) return;
  const set = `${found.name}=${found.value} is set (${found.agent} sets it in the shells it runs commands in)`;
  if (!iAmHuman) {
    throw new UserError(
      `${command} changes approved knowledge and needs a person, but this looks like a coding agent's shell: ${set}. Nothing was changed.`,
      `Run the command yourself in your own terminal. If this is your terminal and the variable leaked into it, add --i-am-human.`,
    );
  }
  if (!caller.terminal) {
    throw new UserError(
      `--i-am-human only counts in an interactive terminal (stdin and stdout a TTY), and this process has none while ${set}. Nothing was changed.`,
      "Run the command yourself in your own terminal.",
    );
  }
}
