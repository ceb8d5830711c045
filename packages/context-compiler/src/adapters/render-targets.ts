// Pure rendering: a target's managed pieces as a function of the adapter config and the skill sources.
import { canonicalJson, sha256, UserError } from "@archon/core";
import { MANAGED_FILE_MARKER, MANAGED_SKILL_MARKER, SHELL_BLOCK } from "../vocabulary/markers.js";
import { type AdapterConfig, CLAUDE_SETTINGS } from "./adapter-config.js";
import {
  CODEX_HOOKS_FILE,
  CURSOR_HOOKS_FILE,
  type CursorHooks,
  renderCodexHooks,
  renderCursorHooks,
} from "./agent-hook-files.js";
import { AGENT_CLIENTS, type AgentClient } from "./agents-in-use.js";
import { type ManagedGroups, type ManagedHooks, renderClaudeHooks } from "./claude-hooks.js";
import { MANAGED_COMMAND_MARKER, renderGeminiCommands } from "./gemini-commands.js";
import { GEMINI_SETTINGS_FILE, renderGeminiHooks } from "./gemini-settings.js";
import { GIT_HOOKS, type GitHook, renderGitHookBlock } from "./git-hooks.js";
import { cursorProcessRule, ruleBlock } from "./rule-block.js";
import { renderSkill, SKILL_NAMES, type SkillSources, skillPath } from "./skills.js";
import { loadSubagentSources, renderSubagent, SUBAGENT_NAMES, subagentPath } from "./subagents.js";

/** One adapter target per agent client setup connects (adapters/agents-in-use.ts), in the same order. */
export const TARGETS = AGENT_CLIENTS;
export type Target = AgentClient;

interface PieceBase {
  target: Target;
  /** Stable name of what was rendered, the key adapter_meta records it under. */
  piece: string;
  /** Repo-relative path with forward slashes (git hooks: the usual place; deploy asks git). */
  path: string;
  /** The rendered text; its sha256 is what adapter_meta compares. */
  content: string;
}

export type Piece =
  /** A marked block inside a file the user owns (CLAUDE.md, AGENTS.md). */
  | (PieceBase & { kind: "block" })
  /** A whole file archon owns, recognised by `marker`; without it the file is a conflict. */
  | (PieceBase & { kind: "owned"; marker: string })
  /** Archon's entries in the `hooks` of a Claude Code settings file. */
  | (PieceBase & { kind: "settings"; hooks: ManagedHooks })
  /** Archon's entries in Codex's .codex/hooks.json (Claude Code's shape); a malformed file is a conflict. */
  | (PieceBase & { kind: "codex-hooks"; hooks: ManagedHooks })
  /** Archon's entries in Cursor's .cursor/hooks.json; a malformed file is a conflict. */
  | (PieceBase & { kind: "cursor-hooks"; hooks: CursorHooks })
  /**
   * Archon's hooks in Gemini CLI's .gemini/settings.json, the person's whole Gemini configuration: a
   * malformed file is a conflict, and with `local` (the commands name this machine's archon) it is not
   * written at all, as Gemini CLI has no personal project settings file to put them in instead.
   */
  | (PieceBase & { kind: "gemini-settings"; hooks: ManagedGroups; local: boolean })
  /** Archon's entries taken out of the settings file the hooks no longer go to (written only when any are there). */
  | (PieceBase & { kind: "settings-cleanup"; movedTo: string })
  /** A fail-open block in a git hook script. */
  | (PieceBase & { kind: "git-hook"; hook: GitHook })
  /** A block in the repository's own, never committed ignore list (.git/info/exclude). */
  | (PieceBase & { kind: "git-exclude" });

/**
 * Where each target's skills go. Codex reads repository skills from .agents/skills/<name>/SKILL.md, from
 * the working folder up to the repository root (developers.openai.com/codex/skills), not from .codex/.
 * Gemini CLI reads workspace skills from .gemini/skills/ (geminicli.com/docs/cli/using-agent-skills).
 */
const SKILLS_DIR: Record<Target, string> = {
  claude: ".claude",
  cursor: ".cursor",
  codex: ".agents",
  gemini: ".gemini",
};

/**
 * The ignore block that keeps files holding this machine's paths out of git, in the project's own clone
 * only: Claude Code's personal settings, and Codex's and Cursor's hook files while archon runs from a
 * checkout. One block whichever targets are deployed, so deploying one target never drops another's line.
 */
function machinePathsExclude(target: Target, config: AdapterConfig): Piece[] {
  const files = [
    ...(config.claudeSettings === CLAUDE_SETTINGS.personal ? [CLAUDE_SETTINGS.personal] : []),
    ...(config.agentHooksLocal ? [CODEX_HOOKS_FILE, CURSOR_HOOKS_FILE] : []),
  ];
  const content = [
    SHELL_BLOCK.start,
    "# Written by archon deploy-adapters: agent hook files that hold this machine's paths.",
    ...files.map((f) => `/${f}`),
    SHELL_BLOCK.end,
    "",
  ].join("\n");
  return [{ target, piece: "git-exclude", path: ".git/info/exclude", kind: "git-exclude", content }];
}

function skills(target: Target, config: AdapterConfig, sources: SkillSources): Piece[] {
  return SKILL_NAMES.map((name) => ({
    target,
    piece: `skill:${name}`,
    path: skillPath(SKILLS_DIR[target], name),
    kind: "owned",
    marker: MANAGED_SKILL_MARKER,
    content: renderSkill(sources[name], config),
  }));
}

/** Claude Code's subagents for the PRD pipeline: owned files, like the skills. */
function subagents(config: AdapterConfig): Piece[] {
  const sources = loadSubagentSources();
  return SUBAGENT_NAMES.map((name) => ({
    target: "claude",
    piece: `subagent:${name}`,
    path: subagentPath(name),
    kind: "owned",
    marker: MANAGED_FILE_MARKER,
    content: renderSubagent(sources[name], config),
  }));
}

/** Claude Code: the CLAUDE.md block, skills, subagents, settings hooks and their cleanup, and git hooks. */
function claudePieces(target: Target, config: AdapterConfig, sources: SkillSources): Piece[] {
  const hooks = renderClaudeHooks(config);
  const personal = config.claudeSettings === CLAUDE_SETTINGS.personal;
  const elsewhere = personal ? CLAUDE_SETTINGS.shared : CLAUDE_SETTINGS.personal;
  return [
    { target, piece: "claude-md", path: "CLAUDE.md", kind: "block", content: ruleBlock(config) },
    ...skills(target, config, sources),
    ...subagents(config),
    {
      target,
      piece: "claude-settings-hooks",
      path: config.claudeSettings,
      kind: "settings",
      hooks,
      content: canonicalJson(hooks),
    },
    {
      target,
      piece: "claude-settings-cleanup",
      path: elsewhere,
      kind: "settings-cleanup",
      movedTo: config.claudeSettings,
      content: canonicalJson({ moved_to: config.claudeSettings }),
    },
    ...(personal ? machinePathsExclude(target, config) : []),
    ...GIT_HOOKS.map(
      (hook): Piece => ({
        target,
        piece: `git-hook:${hook}`,
        path: `.git/hooks/${hook}`,
        kind: "git-hook",
        hook,
        content: renderGitHookBlock(hook, config),
      }),
    ),
  ];
}

/** Cursor: the process rule, skills and hooks. */
function cursorPieces(target: Target, config: AdapterConfig, sources: SkillSources): Piece[] {
  return [
    {
      target,
      piece: "cursor-process-rule",
      path: ".cursor/rules/archon-process.mdc",
      kind: "owned",
      marker: MANAGED_FILE_MARKER,
      content: cursorProcessRule(config),
    },
    ...skills(target, config, sources),
    {
      target,
      piece: "cursor-hooks",
      path: CURSOR_HOOKS_FILE,
      kind: "cursor-hooks",
      hooks: renderCursorHooks(config),
      content: canonicalJson(renderCursorHooks(config)),
    },
    ...(config.agentHooksLocal ? machinePathsExclude(target, config) : []),
  ];
}

/** Codex: the AGENTS.md block, skills and hooks. */
function codexPieces(target: Target, config: AdapterConfig, sources: SkillSources): Piece[] {
  return [
    { target, piece: "agents-md", path: "AGENTS.md", kind: "block", content: ruleBlock(config) },
    ...skills(target, config, sources),
    {
      target,
      piece: "codex-hooks",
      path: CODEX_HOOKS_FILE,
      kind: "codex-hooks",
      hooks: renderCodexHooks(config),
      content: canonicalJson(renderCodexHooks(config)),
    },
    ...(config.agentHooksLocal ? machinePathsExclude(target, config) : []),
  ];
}

/** Gemini CLI: the GEMINI.md block, skills, commands and settings hooks. */
function geminiPieces(target: Target, config: AdapterConfig, sources: SkillSources): Piece[] {
  const hooks = renderGeminiHooks(config);
  return [
    { target, piece: "gemini-md", path: "GEMINI.md", kind: "block", content: ruleBlock(config) },
    ...skills(target, config, sources),
    ...renderGeminiCommands(config).map(
      (c): Piece => ({
        target,
        piece: `command:${c.path.replace(/^\.gemini\/commands\//, "").replace(/\.toml$/, "")}`,
        path: c.path,
        kind: "owned",
        marker: MANAGED_COMMAND_MARKER,
        content: c.content,
      }),
    ),
    {
      target,
      piece: "gemini-settings-hooks",
      path: GEMINI_SETTINGS_FILE,
      kind: "gemini-settings",
      hooks,
      local: config.agentHooksLocal,
      content: canonicalJson(hooks),
    },
  ];
}

const PIECES: Record<Target, (target: Target, config: AdapterConfig, sources: SkillSources) => Piece[]> = {
  claude: claudePieces,
  cursor: cursorPieces,
  codex: codexPieces,
  gemini: geminiPieces,
};

/** Every piece of one target, in a fixed order. */
export function renderTarget(target: Target, config: AdapterConfig, sources: SkillSources): Piece[] {
  return PIECES[target](target, config, sources);
}

export const pieceHash = (piece: Piece) => sha256(piece.content);

/** `claude,cursor` → targets in the fixed order; absent means all of them. */
export function parseTargets(list: string | readonly string[] | undefined): Target[] {
  if (list === undefined) return [...TARGETS];
  const names = (typeof list === "string" ? list.split(",") : [...list]).map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(TARGETS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new UserError(
      `Unknown adapter target "${unknown.join(", ") || String(list)}"; the targets are ${TARGETS.join(", ")}.`,
      "Separate several with commas: --targets claude,cursor",
      "targets",
    );
  return TARGETS.filter((t) => names.includes(t));
}
