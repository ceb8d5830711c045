// The counters a running server checks before each compile: knowledge_version (moved only by
// canonical-commit.ts, with a snapshot, INV-3, INV-4), tag_catalog_rev (bumped by every tag write in
// tags.ts, since a tag change needs no version) and template_rev (bumped when the init manifest's template
// documents change, init-manifest.ts: which documents came from a template orders them, and is this
// project's own, never in a snapshot).
import type { Db } from "@archon/core";
import { statement } from "./statements.js";

export interface Revisions {
  knowledge_version: number;
  tag_catalog_rev: number;
  template_rev: number;
}

export function readVersion(db: Db): number {
  return readRevisions(db).knowledge_version;
}

/** Every counter in one query: the cheap check that tells a cached index it is stale. */
export function readRevisions(db: Db): Revisions {
  const rows = db
    .prepare(
      "SELECT key, value FROM meta WHERE key IN ('knowledge_version', 'tag_catalog_rev', 'template_rev')",
    )
    .all() as { key: string; value: string }[];
  const value = (key: string) => Number(rows.find((r) => r.key === key)?.value ?? 0);
  return {
    knowledge_version: value("knowledge_version"),
    tag_catalog_rev: value("tag_catalog_rev"),
    template_rev: value("template_rev"),
  };
}

/**
 * Moves a counter other than knowledge_version (which only canonical-commit.ts moves, with a snapshot), in
 * the caller's transaction. An export from before the counter existed restores a meta table without its
 * row; the upsert covers that.
 */
export function bumpRevision(db: Db, key: "tag_catalog_rev" | "template_rev"): void {
  statement(
    db,
    `INSERT INTO meta (key, value) VALUES ('${key}', '1')
     ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`,
  ).run();
}
