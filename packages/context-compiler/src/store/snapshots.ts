// Immutable snapshots: the approved documents (by content hash), edges and layer rules at one version.
import { gunzipSync, gzipSync } from "node:zlib";
import { canonicalJson, type Db, sha256 } from "@archon/core";

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
}

export const snapshotIdFor = (version: number) => `snap_v${version}`;

export function buildManifest(db: Db, version: number): SnapshotManifest {
  return {
    knowledge_version: version,
    documents: (
      db
        .prepare(
          `SELECT doc_id, title, kind, content_hash, source_path, priority, description FROM documents
           WHERE status = 'approved' ORDER BY doc_id`,
        )
        .all() as (SnapshotManifest["documents"][number] & { description: string | null })[]
    ).map(({ description, ...doc }) => (description === null ? doc : { ...doc, description })),
    edges: db
      .prepare(
        `SELECT e.edge_id, e.edge_type, e.source_value, e.target_doc_id FROM edges e
         JOIN documents d ON d.doc_id = e.target_doc_id
         WHERE e.status = 'approved' AND d.status = 'approved' ORDER BY e.edge_id`,
      )
      .all() as SnapshotManifest["edges"],
    layer_rules: db
      .prepare("SELECT path_pattern, layer_name FROM layer_rules ORDER BY path_pattern, layer_name")
      .all() as SnapshotManifest["layer_rules"],
  };
}

export function writeSnapshot(db: Db, version: number, at: Date): string {
  const json = canonicalJson(buildManifest(db, version));
  const snapshotId = snapshotIdFor(version);
  db.prepare(
    `INSERT INTO snapshots (snapshot_id, knowledge_version, created_at, manifest_hash, manifest)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(snapshotId, version, at.toISOString(), sha256(json), gzipSync(json));
  return snapshotId;
}

export interface SnapshotRow {
  snapshot_id: string;
  knowledge_version: number;
  created_at: string;
  manifest_hash: string;
}

export function latestSnapshot(db: Db): SnapshotRow | undefined {
  return db
    .prepare(
      `SELECT snapshot_id, knowledge_version, created_at, manifest_hash FROM snapshots
       ORDER BY knowledge_version DESC LIMIT 1`,
    )
    .get() as SnapshotRow | undefined;
}

export function readSnapshotManifest(db: Db, snapshotId: string): SnapshotManifest | undefined {
  const row = db.prepare("SELECT manifest FROM snapshots WHERE snapshot_id = ?").get(snapshotId) as
    | { manifest: Buffer }
    | undefined;
  return row ? (JSON.parse(gunzipSync(row.manifest).toString("utf8")) as SnapshotManifest) : undefined;
}
