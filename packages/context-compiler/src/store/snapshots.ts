// Immutable snapshots: the approved documents (by content hash), edges, layer rules and tag catalog at
// one version, with the knowledge_hash they compile to (written by canonical-commit.ts alone); and the
// one read of those canonical rows that both snapshots and the compile index use.
import { gunzipSync } from "node:zlib";
import type { Db } from "@archon/core";
import { rowsKnowledgeHash } from "../read/knowledge-hash.js";
import type { KnowledgeRows } from "../read/knowledge-index.js";
import type { TagAssignment } from "../read/tag-catalog.js";
import { templateDocIds } from "./init-manifest.js";
import { approvedTagAssignments } from "./tags.js";

export type CanonicalRows = Pick<KnowledgeRows, "documents" | "edges" | "layer_rules" | "tags">;

/** Approved documents, approved edges to approved documents, layer rules and approved tag assignments (INV-1). */
export function readCanonicalRows(db: Db): CanonicalRows {
  return db.transaction(() => ({
    documents: db
      .prepare(
        `SELECT doc_id, title, kind, content_hash, content_bytes, source_path, priority, description
         FROM documents WHERE status = 'approved' ORDER BY doc_id`,
      )
      .all() as CanonicalRows["documents"],
    edges: db
      .prepare(
        `SELECT e.edge_id, e.edge_type, e.source_value, e.target_doc_id FROM edges e
         JOIN documents d ON d.doc_id = e.target_doc_id
         WHERE e.status = 'approved' AND d.status = 'approved' ORDER BY e.edge_id`,
      )
      .all() as CanonicalRows["edges"],
    layer_rules: db
      .prepare("SELECT path_pattern, layer_name FROM layer_rules ORDER BY path_pattern, layer_name")
      .all() as CanonicalRows["layer_rules"],
    tags: approvedTagAssignments(db),
  }))();
}

export interface SnapshotManifest {
  knowledge_version: number;
  documents: {
    doc_id: string;
    title: string;
    kind: string;
    content_hash: string;
    source_path: string | null;
    priority: number;
    /** Present only when the document has one, so manifests of documents without one keep their bytes. */
    description?: string;
  }[];
  edges: { edge_id: number; edge_type: string; source_value: string; target_doc_id: string }[];
  layer_rules: { path_pattern: string; layer_name: string }[];
  /**
   * The tag catalog when the version was written. Absent from snapshots written before migration 7:
   * tags were not recorded then, and an immutable snapshot cannot be completed afterwards.
   */
  tags?: TagAssignment[];
}

export const snapshotIdFor = (version: number) => `snap_v${version}`;

function buildManifest(db: Db, version: number): SnapshotManifest {
  const rows = readCanonicalRows(db);
  return {
    knowledge_version: version,
    documents: rows.documents.map(({ content_bytes: _bytes, description, ...doc }) =>
      description === null ? doc : { ...doc, description },
    ),
    edges: rows.edges,
    layer_rules: rows.layer_rules,
    tags: rows.tags,
  };
}

/**
 * The knowledge_hash a compile against `manifest` with its own tag catalog reports (read/knowledge-hash.ts).
 * Template membership is not in the manifest (a replica's differs from its server's, and the manifest_hash
 * must not): it is the init manifest's when the hash is taken.
 */
export function manifestKnowledgeHash(manifest: SnapshotManifest, templateIds: readonly string[]): string {
  return rowsKnowledgeHash({
    documents: manifest.documents.map((d) => ({
      ...d,
      description: d.description ?? null,
      content_bytes: 0,
    })),
    edges: manifest.edges,
    layer_rules: manifest.layer_rules,
    tags: manifest.tags ?? [],
    template_doc_ids: templateIds,
  });
}

/** The manifest of `version` as written now, and the knowledge_hash it records. */
export function buildSnapshot(
  db: Db,
  version: number,
): { manifest: SnapshotManifest; knowledge_hash: string } {
  const manifest = buildManifest(db, version);
  return { manifest, knowledge_hash: manifestKnowledgeHash(manifest, templateDocIds(db)) };
}

export interface SnapshotRow {
  snapshot_id: string;
  knowledge_version: number;
  created_at: string;
  manifest_hash: string;
  /** The knowledge it holds, by content; null only for a snapshot imported from an export made before migration 23. */
  knowledge_hash: string | null;
}

export function latestSnapshot(db: Db): SnapshotRow | undefined {
  return db
    .prepare(
      `SELECT snapshot_id, knowledge_version, created_at, manifest_hash, knowledge_hash FROM snapshots
       ORDER BY knowledge_version DESC LIMIT 1`,
    )
    .get() as SnapshotRow | undefined;
}

/**
 * The knowledge_hash a snapshot recorded and the one its manifest gives now; undefined when the snapshot
 * is not in the database or recorded none (imported from an export made before migration 23).
 */
export function snapshotKnowledge(db: Db, snapshotId: string): { recorded: string; now: string } | undefined {
  const row = db
    .prepare("SELECT knowledge_hash, manifest FROM snapshots WHERE snapshot_id = ?")
    .get(snapshotId) as { knowledge_hash: string | null; manifest: Buffer } | undefined;
  if (!row || row.knowledge_hash === null) return undefined;
  const manifest = JSON.parse(gunzipSync(row.manifest).toString("utf8")) as SnapshotManifest;
  return { recorded: row.knowledge_hash, now: manifestKnowledgeHash(manifest, templateDocIds(db)) };
}

export function readSnapshotManifest(db: Db, snapshotId: string): SnapshotManifest | undefined {
  const row = db.prepare("SELECT manifest FROM snapshots WHERE snapshot_id = ?").get(snapshotId) as
    | { manifest: Buffer }
    | undefined;
  return row ? (JSON.parse(gunzipSync(row.manifest).toString("utf8")) as SnapshotManifest) : undefined;
}
