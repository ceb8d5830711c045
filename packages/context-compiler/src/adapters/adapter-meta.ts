// The per-compile check that a deploy recorded in adapter_meta is stale for this archon.
import { canonicalJson, type Db, describeError } from "@archon/core";
import { type Channel, step } from "../knowledge/next-step.js";
import { type AdapterMetaRow, listAdapterMeta } from "../store/adapter-meta.js";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { pieceHash, renderTarget, TARGETS } from "./render-targets.js";
import { loadSkillSources } from "./skills.js";

// archon status (cli/) reads the deployed rows from here.

/** A deployed file whose recorded hash differs from what the running version renders. */
export interface StaleAdapter {
  path: string;
  /** The archon version that deployed it. */
  archon_version: string;
  /** Where this archon puts the piece now, when that is elsewhere. */
  moved_to?: string;
}

/**
 * Deployed files that are stale for this archon, by path, or why the check could not run. It reads
 * adapter_meta, not the files: hand edits after a deploy are not detected (a known limitation).
 */
export function staleAdapters(
  db: Db,
  projectRoot: string,
  version: string,
  config?: AdapterConfig,
): { stale: StaleAdapter[]; error?: string } {
  const rows = listAdapterMeta(db);
  if (rows.length === 0) return { stale: [] };
  try {
    return { stale: staleRows(rows, config ?? adapterConfig({ version, projectRoot, dbPath: db.name })) };
  } catch (error) {
    // A compile never fails over adapters: say why the check could not run instead.
    return { stale: [], error: describeError(error) };
  }
}

/** One notice per stale deployed file, naming the refresh the way the reader runs it. */
export function adapterNotices(
  db: Db,
  projectRoot: string,
  version: string,
  channel: Channel,
  config?: AdapterConfig,
): string[] {
  const { stale, error } = staleAdapters(db, projectRoot, version, config);
  if (error !== undefined) return [`The adapter staleness check could not run: ${error}`];
  const refresh = step(channel, "deploy_adapters");
  return stale.map((row) =>
    row.moved_to !== undefined
      ? `${row.path} is not where archon ${version} puts it (${row.moved_to}); run ${refresh} to write it there.`
      : row.archon_version !== version
        ? `${row.path} was deployed by archon ${row.archon_version}; run ${refresh} to refresh it.`
        : `${row.path} no longer matches what archon ${version} renders (the tool prefix or hook command changed); run ${refresh} to refresh it.`,
  );
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

function staleRows(rows: readonly AdapterMetaRow[], config: AdapterConfig): StaleAdapter[] {
  const current = renderedPieces(config);
  const stale = new Map<string, StaleAdapter>();
  for (const row of rows) {
    if (stale.has(row.path)) continue;
    const now = current.get(`${row.target} ${row.piece}`);
    if (now?.path !== undefined && now.path !== row.path)
      stale.set(row.path, { path: row.path, archon_version: row.archon_version, moved_to: now.path });
    else if (now?.hash !== row.rendered_hash)
      stale.set(row.path, { path: row.path, archon_version: row.archon_version });
  }
  return [...stale.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
