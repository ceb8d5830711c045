// Plans one managed piece against the file on disk: what text it would hold, or why it is left alone.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { linkInside } from "../knowledge/linked-files.js";
import { assertWritable, type WriteRoots } from "../knowledge/project-write.js";
import { carriesMarker, MARKDOWN_BLOCK, SHELL_BLOCK } from "../vocabulary/markers.js";
import { mergeCursorHooks } from "./agent-hook-files.js";
import { type ManagedHooks, mergeClaudeHooks } from "./claude-hooks.js";
import { GEMINI_HOOKS_NOT_PORTABLE, mergeGeminiHooks, rewriteLosesBytes } from "./gemini-settings.js";
import { planHookScript, projectRelative } from "./git-hooks.js";
import { upsertBlock } from "./markers.js";
import type { Piece, Target } from "./render-targets.js";

export type FileAction = "created" | "updated" | "unchanged" | "conflict" | "skipped";

export interface FileOutcome {
  target: Target;
  piece: string;
  path: string;
  action: FileAction;
  reason?: string;
}

export interface Planned {
  outcome: FileOutcome;
  piece: Piece;
  /** `keepCopy`: the file's bytes as they were, written beside it first (a backup name) before it changes. */
  write?: { absolute: string; text: string; executable: boolean; keepCopy?: string };
}

const readIfExists = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);
const isExecutable = (path: string) => (statSync(path).mode & 0o111) !== 0;

function parseSettings(path: string, existing: string | undefined): unknown {
  if (existing === undefined || existing.trim() === "") return {};
  try {
    return JSON.parse(existing);
  } catch {
    throw new UserError(`${path} is not valid JSON.`, `Fix ${path} by hand, then deploy again.`);
  }
}

/** The JSON file with `merge` applied; throws a UserError when the file is not JSON or not mergeable. */
function jsonText(path: string, existing: string | undefined, merge: (parsed: unknown) => unknown) {
  const parsed = parseSettings(path, existing);
  const merged = merge(parsed);
  // Same content, even if formatted differently: leave the user's formatting alone.
  if (existing !== undefined && JSON.stringify(merged) === JSON.stringify(parsed)) return existing;
  return `${JSON.stringify(merged, null, 2)}\n`;
}

const settingsText = (path: string, existing: string | undefined, hooks: ManagedHooks) =>
  jsonText(path, existing, (parsed) => mergeClaudeHooks(path, parsed, hooks));

/** Another agent's hook file merged, or why it is left alone: it is the user's file, never fatal to a deploy. */
function agentHooksText(
  piece: Extract<Piece, { kind: "codex-hooks" | "cursor-hooks" | "gemini-settings" }>,
  existing: string | undefined,
): { text: string } | { conflict: string } {
  try {
    return {
      text: jsonText(piece.path, existing, (parsed) =>
        piece.kind === "codex-hooks"
          ? mergeClaudeHooks(piece.path, parsed, piece.hooks)
          : piece.kind === "gemini-settings"
            ? mergeGeminiHooks(piece.path, parsed, piece.hooks)
            : mergeCursorHooks(piece.path, parsed, piece.hooks),
      ),
    };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { conflict: `${error.message.replace(/\.$/, "")}; left untouched` };
  }
}

/** Where git keeps the files of pieces that live in its own folder; null outside a git repository. */
export interface GitPaths {
  hooks: string | undefined;
  exclude: string | undefined;
}

/** The piece's absolute path, or undefined when it lives in a git folder there is none of. */
function absolutePath(root: string, piece: Piece, git: GitPaths | null): string | undefined {
  if (piece.kind === "git-hook") return git?.hooks && join(git.hooks, piece.hook);
  if (piece.kind === "git-exclude") return git?.exclude;
  return join(root, piece.path);
}

/** Undefined when the piece has nothing to do (a cleanup with nothing of archon's left to remove). */
export function planPiece(roots: WriteRoots, piece: Piece, git: GitPaths | null): Planned | undefined {
  const root = roots.root;
  const base = { target: piece.target, piece: piece.piece, path: piece.path };
  let absolute = absolutePath(root, piece, git);
  if (absolute === undefined)
    return { piece, outcome: { ...base, action: "skipped", reason: "not a git repository" } };
  if (piece.kind === "git-hook" || piece.kind === "git-exclude") base.path = projectRelative(root, absolute);
  // A block file linked to another in the project (CLAUDE.md → AGENTS.md) is that file: the block goes there.
  if (piece.kind === "block") absolute = linkInside(root, absolute) ?? absolute;
  if (piece.kind === "gemini-settings" && piece.local)
    return { piece, outcome: { ...base, action: "skipped", reason: GEMINI_HOOKS_NOT_PORTABLE } };
  // Before the file is even read: a link out would be read, then written, outside the project.
  assertWritable(roots, absolute);
  const existing = readIfExists(absolute);
  const planned = pieceText(piece, base.path, existing);
  if (planned === undefined) return undefined;
  if ("conflict" in planned)
    return { piece, outcome: { ...base, action: "conflict", reason: planned.conflict } };
  const { text, reason } = planned;
  const executable = piece.kind === "git-hook";
  const same = existing === text && (!executable || isExecutable(absolute));
  const action: FileAction = existing === undefined ? "created" : same ? "unchanged" : "updated";
  const keepCopy = piece.kind === "gemini-settings" && existing !== undefined && rewriteLosesBytes(existing);
  return {
    piece,
    outcome: { ...base, action, ...(reason ? { reason } : {}) },
    ...(same ? {} : { write: { absolute, text, executable, ...(keepCopy ? { keepCopy: existing } : {}) } }),
  };
}

/**
 * The text the piece's file would hold, or why archon leaves it alone; undefined when there is nothing
 * to do. `path` is the piece's project-relative path as reported (git's own files: where git keeps them).
 */
function pieceText(
  piece: Piece,
  path: string,
  existing: string | undefined,
): { text: string; reason?: string } | { conflict: string } | undefined {
  switch (piece.kind) {
    case "block":
      return { text: upsertBlock(piece.path, existing ?? "", piece.content, MARKDOWN_BLOCK) };
    case "owned":
      if (existing !== undefined && !carriesMarker(existing, piece.marker))
        return { conflict: `hand-written (no ${piece.marker}); left untouched` };
      return { text: piece.content };
    case "settings":
      return { text: settingsText(piece.path, existing, piece.hooks) };
    case "gemini-settings":
    case "codex-hooks":
    case "cursor-hooks":
      return agentHooksText(piece, existing);
    case "settings-cleanup": {
      if (existing === undefined) return undefined;
      const text = settingsText(piece.path, existing, {});
      return text === existing ? undefined : { text, reason: `archon's hooks moved to ${piece.movedTo}` };
    }
    case "git-exclude":
      return { text: upsertBlock(path, existing ?? "", piece.content, SHELL_BLOCK) };
    case "git-hook": {
      const plan = planHookScript(path, existing, piece.content);
      return plan.kind === "conflict" ? { conflict: plan.reason } : { text: plan.text };
    }
  }
}
