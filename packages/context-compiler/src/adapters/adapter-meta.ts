// adapter_meta: what each deploy wrote, and the per-compile check that a deploy is stale for this archon.
import { canonicalJson, type Db, describeError } from "@archon/core";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { pieceHash, renderTarget, TARGETS, type Target } from "./render-targets.js";
import { loadSkillSources } from "./skills.js";

export interface AdapterMetaRow {
  target: Target;
  piece: string;
  path: string;
  rendered_hash: string;
  archon_version: string;
  deployed_at: string;
}

export function listAdapterMeta(db: Db): AdapterMetaRow[] {
  return db
    .prepare(
      `SELECT target, piece, path, rendered_hash, archon_version, deployed_at FROM adapter_meta
       ORDER BY target, piece`,
    )
    .all() as AdapterMetaRow[];
}

/**
 * Records the deployed pieces of `targets` and forgets their other pieces (conflicts, skipped hooks,
 * pieces this version no longer renders). A piece deployed again unchanged keeps its deployed_at.
 */
export function recordDeploy(db: Db, targets: readonly Target[], rows: readonly AdapterMetaRow[]): void {
  const upsert = db.prepare(
    `INSERT INTO adapter_meta (target, piece, path, rendered_hash, archon_version, deployed_at)
     VALUES (@target, @piece, @path, @rendered_hash, @archon_version, @deployed_at)
     ON CONFLICT (target, piece) DO UPDATE SET path = excluded.path, rendered_hash = excluded.rendered_hash,
       archon_version = excluded.archon_version, deployed_at = excluded.deployed_at
     WHERE adapter_meta.path != excluded.path OR adapter_meta.rendered_hash != excluded.rendered_hash
       OR adapter_meta.archon_version != excluded.archon_version`,
  );
  const existing = db.prepare("SELECT piece FROM adapter_meta WHERE target = ? ORDER BY piece").pluck();
  const remove = db.prepare("DELETE FROM adapter_meta WHERE target = ? AND piece = ?");
  db.transaction(() => {
    for (const row of rows) upsert.run(row);
    for (const target of targets) {
      const kept = new Set(rows.filter((r) => r.target === target).map((r) => r.piece));
      for (const piece of existing.all(target) as string[]) if (!kept.has(piece)) remove.run(target, piece);
    }
  }).immediate();
}

/**
 * One notice per deployed file whose recorded hash differs from what the running version renders. It
 * reads adapter_meta, not the files: hand edits after a deploy are not detected (a known limitation).
 */
export function adapterNotices(
  db: Db,
  projectRoot: string,
  version: string,
  config?: AdapterConfig,
): string[] {
  const rows = listAdapterMeta(db);
  if (rows.length === 0) return [];
  try {
    return staleNotices(rows, config ?? adapterConfig({ version, projectRoot, dbPath: db.name }), version);
  } catch (error) {
    // A compile never fails over adapters: say why the check could not run instead.
    return [`The adapter staleness check could not run: ${describeError(error)}`];
  }
}

/**
 * What the running archon renders, as `target piece` → hash. It depends only on the config, which is fixed
 * for a process, so it is rendered once per config rather than on every compile.
 */
interface RenderedPiece {
  hash: string;
  /** Where the piece goes; undefined for pieces inside git's folder, whose place deploy asks git for. */
  path: string | undefined;
}

let rendered: { key: string; pieces: ReadonlyMap<string, RenderedPiece> } | undefined;

function renderedPieces(config: AdapterConfig): ReadonlyMap<string, RenderedPiece> {
  const key = canonicalJson(config);
  if (rendered?.key !== key) {
    const sources = loadSkillSources();
    const pieces = new Map<string, RenderedPiece>();
    for (const target of TARGETS)
      for (const piece of renderTarget(target, config, sources)) {
        const inGit = piece.kind === "git-hook" || piece.kind === "git-exclude";
        pieces.set(`${target} ${piece.piece}`, {
          hash: pieceHash(piece),
          path: inGit ? undefined : piece.path,
        });
      }
    rendered = { key, pieces };
  }
  return rendered.pieces;
}

function staleNotices(rows: readonly AdapterMetaRow[], config: AdapterConfig, version: string): string[] {
  const current = renderedPieces(config);
  const stale = new Map<string, string>();
  for (const row of rows) {
    if (stale.has(row.path)) continue;
    const now = current.get(`${row.target} ${row.piece}`);
    if (now?.path !== undefined && now.path !== row.path)
      stale.set(
        row.path,
        `${row.path} is not where archon ${version} puts it (${now.path}); run deploy_adapters to write it there.`,
      );
    else if (now?.hash !== row.rendered_hash)
      stale.set(
        row.path,
        row.archon_version !== version
          ? `${row.path} was deployed by archon ${row.archon_version}; run deploy_adapters to refresh it.`
          : `${row.path} no longer matches what archon ${version} renders (the tool prefix or hook command changed); run deploy_adapters to refresh it.`,
      );
  }
  return [...stale.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, notice]) => notice);
}
