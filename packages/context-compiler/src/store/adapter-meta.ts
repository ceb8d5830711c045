// adapter_meta: what each deploy of the editor adapters wrote, one row per target and piece.
import type { Db } from "@archon/core";

export interface AdapterMetaRow {
  target: string;
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
export function recordDeploy(db: Db, targets: readonly string[], rows: readonly AdapterMetaRow[]): void {
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
