// deploy-adapters: plan every managed piece against the files on disk, then write the plan and record it.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { UserError } from "@archon/core";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { VERSION } from "../version.js";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { type AdapterMetaRow, recordDeploy } from "./adapter-meta.js";
import { mergeClaudeHooks } from "./claude-hooks.js";
import { gitHooksDir, planHookScript, projectRelative } from "./git-hooks.js";
import { carriesMarker, MARKDOWN_BLOCK, upsertBlock } from "./markers.js";
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
  write?: { absolute: string; text: string; executable: boolean };
}

const readIfExists = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);
const isExecutable = (path: string) => (statSync(path).mode & 0o111) !== 0;

function settingsText(path: string, existing: string | undefined, piece: Piece & { kind: "settings" }) {
  let parsed: unknown = {};
  if (existing !== undefined && existing.trim() !== "") {
    try {
      parsed = JSON.parse(existing);
    } catch {
      throw new UserError(`${path} is not valid JSON.`, `Fix ${path} by hand, then deploy again.`);
    }
  }
  const merged = mergeClaudeHooks(path, parsed, piece.hooks);
  // Same content, even if formatted differently: leave the user's formatting alone.
  if (existing !== undefined && JSON.stringify(merged) === JSON.stringify(parsed)) return existing;
  return `${JSON.stringify(merged, null, 2)}\n`;
}

function planPiece(root: string, piece: Piece, hooksDir: string | undefined | null): Planned {
  const base = { target: piece.target, piece: piece.piece, path: piece.path };
  let absolute = join(root, piece.path);
  if (piece.kind === "git-hook") {
    if (!hooksDir) return { piece, outcome: { ...base, action: "skipped", reason: "not a git repository" } };
    absolute = join(hooksDir, piece.hook);
    base.path = projectRelative(root, absolute);
  }
  const existing = readIfExists(absolute);
  let text: string;
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
      text = settingsText(piece.path, existing, piece);
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
  return { piece, outcome: { ...base, action }, ...(same ? {} : { write: { absolute, text, executable } }) };
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
  const pieces = options.targets.flatMap((t) => renderTarget(t, config, sources));
  const hooksDir = pieces.some((p) => p.kind === "git-hook") ? (gitHooksDir(ctx.projectRoot) ?? null) : null;
  const planned: Planned[] = [];
  const errors: string[] = [];
  for (const piece of pieces) {
    try {
      planned.push(planPiece(ctx.projectRoot, piece, hooksDir));
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
      mkdirSync(dirname(write.absolute), { recursive: true });
      writeFileSync(write.absolute, write.text);
      if (write.executable) chmodSync(write.absolute, 0o755);
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
