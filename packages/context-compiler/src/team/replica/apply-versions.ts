// The apply step of a sync: every pulled version, in order, through the one commit path (its entry for
// versions the server already approved), all in ONE transaction. Each version sets the canonical rows to
// its manifest and commits, so the version moves by exactly one and the snapshot written here must carry
// the server's manifest_hash; any difference rolls every version of the pull back.
import { type Clock, canonicalJson, type Db, sha256, UserError } from "@archon/core";
import { commitApprovedVersion } from "../../knowledge/approval/commit-knowledge.js";
import { canonicalTagCatalog, type TagAssignment } from "../../read/tag-catalog.js";
import {
  approvedDocumentTexts,
  documentState,
  markDocumentDeprecated,
  readContent,
  setDocumentOrigin,
  storeContent,
  upsertDocument,
} from "../../store/documents.js";
import { approvedEdges, deprecateEdge, getEdge } from "../../store/edges.js";
import { addLayerRule } from "../../store/layer-rules.js";
import { latestSnapshot, readCanonicalRows, type SnapshotManifest } from "../../store/snapshots.js";
import { approvedTagAssignments, setDocTags } from "../../store/tags.js";
import { approveEdge, edgeIdOf, insertEdgeWithId, removeLayerRule } from "../../store/team/replica.js";
import { readVersion } from "../../store/version.js";
import type { DocKind } from "../../vocabulary/knowledge-model.js";
import type { SyncVersion } from "../sync-wire.js";

export interface Applied {
  from_version: number;
  to_version: number;
}

const refused = (version: number, why: string) =>
  new UserError(
    `Version ${version} from the server cannot be applied: ${why}. Nothing was changed; the replica stays at its version.`,
    "Run `archon sync` again; if it fails the same way, the server's database and this replica disagree: ask its admin, or start a fresh replica database.",
  );

function applyDocuments(db: Db, v: SyncVersion, version: number): void {
  const wanted = new Set(v.manifest.documents.map((d) => d.doc_id));
  for (const { doc_id } of readCanonicalRows(db).documents)
    if (!wanted.has(doc_id)) markDocumentDeprecated(db, doc_id, version);
  for (const doc of v.manifest.documents) {
    const content = readContent(db, doc.content_hash);
    if (content === undefined) throw refused(v.knowledge_version, `the text of ${doc.doc_id} was not sent`);
    upsertDocument(
      db,
      {
        doc_id: doc.doc_id,
        title: doc.title,
        kind: doc.kind as DocKind,
        content,
        status: "approved",
        source_path: doc.source_path,
        priority: doc.priority,
        description: doc.description ?? null,
      },
      version,
    );
  }
}

/**
 * Edges keep the server's ids: the manifest names them, so the snapshot hash depends on them. Every
 * approved edge the manifest leaves out is retired, whatever its target, so none can come back with a
 * revived document unless the server's manifest brings it.
 */
function applyEdges(db: Db, v: SyncVersion, version: number): void {
  const wanted = new Set(v.manifest.edges.map((e) => e.edge_id));
  for (const { edge_id } of approvedEdges(db)) if (!wanted.has(edge_id)) deprecateEdge(db, edge_id);
  for (const edge of v.manifest.edges) {
    const local = getEdge(db, edge.edge_id);
    if (local === undefined) {
      const taken = edgeIdOf(db, edge);
      if (taken !== undefined)
        throw refused(v.knowledge_version, `its edge ${edge.edge_id} is edge ${taken} here`);
      insertEdgeWithId(db, edge, version);
    } else if (
      local.edge_type !== edge.edge_type ||
      local.source_value !== edge.source_value ||
      local.target_doc_id !== edge.target_doc_id
    ) {
      throw refused(v.knowledge_version, `its edge ${edge.edge_id} joins other ends here`);
    } else if (local.status !== "approved") approveEdge(db, edge.edge_id);
  }
}

function applyLayerRules(db: Db, manifest: SnapshotManifest): void {
  const key = (r: { path_pattern: string; layer_name: string }) => `${r.path_pattern}\n${r.layer_name}`;
  const wanted = new Set(manifest.layer_rules.map(key));
  for (const rule of readCanonicalRows(db).layer_rules)
    if (!wanted.has(key(rule))) removeLayerRule(db, rule.path_pattern, rule.layer_name);
  for (const rule of manifest.layer_rules) addLayerRule(db, rule.path_pattern, rule.layer_name);
}

/** Sets the tags of `docIds` to those `assignments` give them (none when it names none). */
function setTags(db: Db, docIds: Iterable<string>, assignments: readonly TagAssignment[]): void {
  const byDoc = new Map<string, string[]>();
  for (const { tag, doc_id } of assignments) byDoc.set(doc_id, [...(byDoc.get(doc_id) ?? []), tag]);
  for (const doc_id of docIds) setDocTags(db, doc_id, byDoc.get(doc_id) ?? []);
}

/** A snapshot from before tags were recorded carries none; the tags then stay as they are. */
function applyTags(db: Db, manifest: SnapshotManifest): void {
  if (manifest.tags === undefined) return;
  setTags(
    db,
    manifest.documents.map((d) => d.doc_id),
    manifest.tags,
  );
}

/**
 * The server's tag catalog as it is now, over the approved documents: a tag change made after the last
 * version (tags need none) reaches the replica too.
 */
function applyTagCatalog(db: Db, catalog: readonly TagAssignment[]): void {
  const local = approvedTagAssignments(db);
  // Unchanged, it is left alone: every tag write moves the revision compiles check.
  if (canonicalTagCatalog(local).hash === canonicalTagCatalog(catalog).hash) return;
  const docIds = new Set([...local, ...catalog].map((t) => t.doc_id));
  setTags(db, [...docIds].sort(), catalog);
}

/**
 * Marks the server's standing rules as such here, and no others: the origin is no part of a snapshot, so
 * only the server's list says which approved documents its prompt hook and rules.md carry.
 */
function applyStanding(db: Db, standing: readonly string[]): void {
  const wanted = new Set(standing);
  for (const { doc_id } of approvedDocumentTexts(db, "standing"))
    if (!wanted.has(doc_id)) setDocumentOrigin(db, doc_id, null);
  for (const doc_id of [...wanted].sort())
    if (documentState(db, doc_id)?.status === "approved") setDocumentOrigin(db, doc_id, "standing");
}

function applyOne(db: Db, clock: Clock, v: SyncVersion): void {
  const expected = readVersion(db) + 1;
  if (v.knowledge_version !== expected)
    throw refused(
      v.knowledge_version,
      `this replica is at version ${expected - 1} and needs ${expected} next`,
    );
  if (sha256(canonicalJson(v.manifest)) !== v.manifest_hash || v.manifest.knowledge_version !== expected)
    throw refused(v.knowledge_version, "its manifest does not match its manifest_hash");
  for (const [hash, text] of Object.entries(v.contents)) {
    if (storeContent(db, text).content_hash !== hash)
      throw refused(v.knowledge_version, `the text sent as ${hash} has another hash`);
  }
  const landed = commitApprovedVersion(db, clock, (version) => {
    applyDocuments(db, v, version);
    applyEdges(db, v, version);
    applyLayerRules(db, v.manifest);
    applyTags(db, v.manifest);
  });
  if (landed.knowledge_version !== expected || latestSnapshot(db)?.manifest_hash !== v.manifest_hash)
    throw refused(v.knowledge_version, "the snapshot written here does not have the server's manifest_hash");
}

/** What the server says is so at `version` beyond its versions: its tag catalog and its standing rules. */
export interface ServerNow {
  version: number;
  tags: readonly TagAssignment[];
  /** Left out by a server older than the field: the local standing rules then stay as they are. */
  standing?: readonly string[] | undefined;
}

/**
 * Applies `versions` in order in one immediate transaction: all of them land, or none. `now`, what the
 * server holds at its version, is taken too when the versions reach that version.
 */
export function applyVersions(
  db: Db,
  clock: Clock,
  versions: readonly SyncVersion[],
  now?: ServerNow,
): Applied {
  return db
    .transaction(() => {
      const from_version = readVersion(db);
      for (const v of versions) applyOne(db, clock, v);
      if (now && readVersion(db) === now.version) {
        applyTagCatalog(db, now.tags);
        if (now.standing) applyStanding(db, now.standing);
      }
      return { from_version, to_version: readVersion(db) };
    })
    .immediate();
}
