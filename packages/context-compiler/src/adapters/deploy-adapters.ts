// deploy-adapters: plan every managed piece against the files on disk, then write the plan and record it.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { linkInside } from "../knowledge/linked-files.js";
import { assertWritable, type WriteRoots, writeProjectFile } from "../knowledge/project-write.js";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { type AdapterMetaRow, recordDeploy } from "../store/adapter-meta.js";
import { VERSION } from "../version.js";
import { carriesMarker, MARKDOWN_BLOCK, SHELL_BLOCK } from "../vocabulary/markers.js";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { mergeCursorHooks } from "./agent-hook-files.js";
import { type ManagedHooks, mergeClaudeHooks } from "./claude-hooks.js";
import {
  GEMINI_HOOKS_NOT_PORTABLE,
  keepSettingsCopy,
  mergeGeminiHooks,
  rewriteLosesBytes,
} from "./gemini-settings.js";
import { gitCommonDir, gitHooksDir, gitPath, planHookScript, projectRelative } from "./git-hooks.js";
import { upsertBlock } from "./markers.js";
import { type Piece, pieceHash, renderTarget, type Target } from "./render-targets.js";
import { loadSkillSources } from "./skills.js";

export type FileAction = "created" | "updated" | "unchanged" | "conflict" | "skipped";

export interface FileOutcome {
  target: Target;
  piece: string;
  path: string;
  action: FileAction;
  reason?: string;
}

export interface DeployResult {
  dry_run: boolean;
  archon_version: string;
  targets: Target[];
  files: FileOutcome[];
  /** Hand-written files left alone; reported, never fatal. */
  conflicts: number;
  written: number;
}

interface Planned {
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
interface GitPaths {
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
function planPiece(roots: WriteRoots, piece: Piece, git: GitPaths | null): Planned | undefined {
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
  let text: string;
  let reason: string | undefined;
  switch (piece.kind) {
    case "block":
      text = upsertBlock(piece.path, existing ?? "", piece.content, MARKDOWN_BLOCK);
      break;
    case "owned":
      if (existing !== undefined && !carriesMarker(existing, piece.marker))
        return {
          piece,
          outcome: {
            ...base,
            action: "conflict",
            reason: `hand-written (no ${piece.marker}); left untouched`,
          },
        };
      text = piece.content;
      break;
    case "settings":
      text = settingsText(piece.path, existing, piece.hooks);
      break;
    case "gemini-settings":
    case "codex-hooks":
    case "cursor-hooks": {
      const merged = agentHooksText(piece, existing);
      if ("conflict" in merged)
        return { piece, outcome: { ...base, action: "conflict", reason: merged.conflict } };
      text = merged.text;
      break;
    }
    case "settings-cleanup":
      if (existing === undefined) return undefined;
      text = settingsText(piece.path, existing, {});
      if (text === existing) return undefined;
      reason = `archon's hooks moved to ${piece.movedTo}`;
      break;
    case "git-exclude":
      text = upsertBlock(base.path, existing ?? "", piece.content, SHELL_BLOCK);
      break;
    case "git-hook": {
      const plan = planHookScript(base.path, existing, piece.content);
      if (plan.kind === "conflict")
        return { piece, outcome: { ...base, action: "conflict", reason: plan.reason } };
      text = plan.text;
    }
  }
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
 * Renders the chosen targets and brings the files in line. Malformed markers or unreadable settings stop
 * the whole deploy before anything is written; a hand-written file where archon would write is a conflict.
 */
export function deployAdapters(
  ctx: WriteContext,
  options: { targets: readonly Target[]; dry_run?: boolean; config?: AdapterConfig },
): DeployResult {
  assertAdminSurface(ctx.surface, "deploy_adapters");
  const config =
    options.config ?? adapterConfig({ version: VERSION, projectRoot: ctx.projectRoot, dbPath: ctx.db.name });
  const sources = loadSkillSources();
  // Several targets may carry the same ignore block: it is planned once, as the first of them renders it.
  const pieces = options.targets
    .flatMap((t) => renderTarget(t, config, sources))
    .filter((p, i, all) => p.kind !== "git-exclude" || all.findIndex((q) => q.kind === "git-exclude") === i);
  const inGit = pieces.some((p) => p.kind === "git-hook" || p.kind === "git-exclude");
  const git: GitPaths | null = inGit
    ? { hooks: gitHooksDir(ctx.projectRoot), exclude: gitPath(ctx.projectRoot, "info/exclude") }
    : null;
  // A worktree's git folder lives in the main checkout's: git's own folder is a place archon may write too.
  const common = inGit ? gitCommonDir(ctx.projectRoot) : undefined;
  const roots: WriteRoots = { root: ctx.projectRoot, also: common ? [common] : [] };
  const planned: Planned[] = [];
  const errors: string[] = [];
  for (const piece of pieces) {
    try {
      const plan = planPiece(roots, piece, git);
      if (plan) planned.push(plan);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      errors.push(error.describe());
    }
  }
  if (errors.length > 0)
    throw new UserError(
      `Nothing was deployed:\n${errors.join("\n")}`,
      "Fix the files named above, then deploy again.",
    );
  const dryRun = options.dry_run === true;
  if (!dryRun) {
    for (const { write } of planned) {
      if (!write) continue;
      if (write.keepCopy !== undefined) keepSettingsCopy(roots, write.absolute, write.keepCopy);
      writeProjectFile(roots, write.absolute, write.text, { executable: write.executable });
    }
    const now = ctx.clock.now().toISOString();
    const rows: AdapterMetaRow[] = planned
      .filter((p) => p.outcome.action !== "conflict" && p.outcome.action !== "skipped")
      .map((p) => ({
        target: p.piece.target,
        piece: p.piece.piece,
        path: p.outcome.path,
        rendered_hash: pieceHash(p.piece),
        archon_version: config.version,
        deployed_at: now,
      }));
    recordDeploy(ctx.db, options.targets, rows);
  }
  const files = planned.map((p) => p.outcome);
  return {
    dry_run: dryRun,
    archon_version: config.version,
    targets: [...options.targets],
    files,
    conflicts: files.filter((f) => f.action === "conflict").length,
    written: dryRun ? 0 : planned.filter((p) => p.write).length,
  };
}
