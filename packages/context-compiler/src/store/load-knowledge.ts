// Reads the rows the read path indexes, each in one consistent read: the live approved knowledge (INV-1)
// with the revisions it is at, the live tag catalog alone, or a past snapshot with a recorded catalog.
import type { Db } from "@archon/core";
import type { IndexedDoc, KnowledgeRows } from "../read/knowledge-index.js";
import type { TagAssignment } from "../read/tag-catalog.js";
import { templateDocIds } from "./init-manifest.js";
import { latestSnapshot, readCanonicalRows, readSnapshotManifest } from "./snapshots.js";
import { approvedTagAssignments, readTagCatalog } from "./tags.js";
import { type Revisions, readRevisions } from "./version.js";

export function loadKnowledge(db: Db): { revisions: Revisions; rows: KnowledgeRows } {
  return db.transaction(() => {
    const revisions = readRevisions(db);
    return {
      revisions,
      rows: {
        knowledge_version: revisions.knowledge_version,
        snapshot_id: latestSnapshot(db)?.snapshot_id ?? null,
        ...readCanonicalRows(db),
        template_doc_ids: templateDocIds(db),
      },
    };
  })();
}

export const loadKnowledgeRows = (db: Db): KnowledgeRows => loadKnowledge(db).rows;

/** The tag catalog alone, for a server whose index is current but whose tags moved. */
export function loadTags(db: Db): { revisions: Revisions; tags: TagAssignment[] } {
  return db.transaction(() => ({ revisions: readRevisions(db), tags: approvedTagAssignments(db) }))();
}

/**
 * The rows of a past compile: its snapshot (undefined when that is not in the database) with the tag
 * catalog it recorded. A compile logged before catalogs were recorded has none; the snapshot's own
 * catalog stands in, and a snapshot that predates those has no tags at all.
 */
export function loadSnapshotRows(
  db: Db,
  snapshotId: string | null,
  tagCatalogHash: string | null,
): KnowledgeRows | undefined {
  // No snapshot means version 0, before anything was approved: nothing to index.
  if (snapshotId === null)
    return { knowledge_version: 0, snapshot_id: null, documents: [], edges: [], layer_rules: [], tags: [] };
  return db.transaction(() => {
    const recorded = tagCatalogHash === null ? undefined : readTagCatalog(db, tagCatalogHash);
    const manifest = readSnapshotManifest(db, snapshotId);
    if (!manifest) return undefined;
    const bytes = contentBytes(
      db,
      manifest.documents.map((d) => d.content_hash),
    );
    return {
      knowledge_version: manifest.knowledge_version,
      snapshot_id: snapshotId,
      documents: manifest.documents.map(
        (d): IndexedDoc => ({
          doc_id: d.doc_id,
          title: d.title,
          kind: d.kind,
          content_hash: d.content_hash,
          content_bytes: bytes.get(d.content_hash) ?? 0,
          source_path: d.source_path,
          priority: d.priority,
          description: d.description ?? null,
        }),
      ),
      edges: manifest.edges,
      layer_rules: manifest.layer_rules,
      tags: recorded ?? manifest.tags ?? [],
      // Not in snapshots: a replay orders a template's rules by the manifest as it is now.
      template_doc_ids: templateDocIds(db),
    };
  })();
}

/** Snapshots name content by hash only; its size in bytes is that of the stored UTF-8 text. */
function contentBytes(db: Db, hashes: readonly string[]): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT content_hash, length(CAST(content AS BLOB)) AS bytes FROM content_blobs
       WHERE content_hash IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(hashes)) as { content_hash: string; bytes: number }[];
  return new Map(rows.map((r) => [r.content_hash, r.bytes]));
}
