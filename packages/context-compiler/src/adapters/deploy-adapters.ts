// deploy-adapters: plan every managed piece against the files on disk, then write the plan and record it.
import { UserError } from "@archon/core";
import { type WriteRoots, writeProjectFile } from "../knowledge/project-write.js";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { type AdapterMetaRow, recordDeploy } from "../store/adapter-meta.js";
import { VERSION } from "../version.js";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { keepSettingsCopy } from "./gemini-settings.js";
import { gitCommonDir, gitHooksDir, gitPath } from "./git-hooks.js";
import { type FileOutcome, type GitPaths, type Planned, planPiece } from "./plan-piece.js";
import { type Piece, pieceHash, renderTarget, type Target } from "./render-targets.js";
import { loadSkillSources } from "./skills.js";

export interface DeployResult {
  dry_run: boolean;
  archon_version: string;
  targets: Target[];
  files: FileOutcome[];
  /** Hand-written files left alone; reported, never fatal. */
  conflicts: number;
  written: number;
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
  const planned = planEvery(roots, pieces, git);
  const dryRun = options.dry_run === true;
  if (!dryRun) {
    writePlanned(roots, planned);
    recordPlanned(ctx, options.targets, planned, config.version);
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

/** Every piece planned before anything is written, so one unreadable file stops the whole deploy. */
function planEvery(roots: WriteRoots, pieces: readonly Piece[], git: GitPaths | null): Planned[] {
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
  return planned;
}

function writePlanned(roots: WriteRoots, planned: readonly Planned[]): void {
  for (const { write } of planned) {
    if (!write) continue;
    if (write.keepCopy !== undefined) keepSettingsCopy(roots, write.absolute, write.keepCopy);
    writeProjectFile(roots, write.absolute, write.text, { executable: write.executable });
  }
}

/** adapter_meta learns what was rendered for every piece archon now holds (not conflicts, not skips). */
function recordPlanned(
  ctx: WriteContext,
  targets: readonly Target[],
  planned: readonly Planned[],
  version: string,
): void {
  const now = ctx.clock.now().toISOString();
  const rows: AdapterMetaRow[] = planned
    .filter((p) => p.outcome.action !== "conflict" && p.outcome.action !== "skipped")
    .map((p) => ({
      target: p.piece.target,
      piece: p.piece.piece,
      path: p.outcome.path,
      rendered_hash: pieceHash(p.piece),
      archon_version: version,
      deployed_at: now,
    }));
  recordDeploy(ctx.db, targets, rows);
}
