// The versions a replica pulls, read from a SQLite database holding `snapshots` and `content_blobs`:
// the direct server's own database, or the working database a replayed server keeps. Each version
// carries only the blobs its predecessor did not reference, so a long pull sends each text about once.
import { type Db, InternalError } from "@archon/core";
import { approvedDocumentTexts, readContent } from "../../store/documents.js";
import { approvedTagAssignments } from "../../store/tags.js";
import { newestSnapshotVersion, snapshotAt, snapshotsAfter } from "../../store/team/replica.js";
import { readVersion } from "../../store/version.js";
import { type SyncVersion, type SyncVersionsAnswer, VERSIONS_ANSWER_BYTES } from "../sync-wire.js";

/**
 * Up to `limit` versions after `after`, oldest first, cut before the one that would take the answer past
 * `maxBytes` (the first is always sent, or a version larger than the cap could never be pulled).
 */
export function readSyncVersions(
  db: Db,
  after: number,
  limit: number,
  maxBytes: number = VERSIONS_ANSWER_BYTES,
): SyncVersionsAnswer {
  // One read transaction: the versions, the blobs and server_version come from the same state.
  return db.transaction(() => {
    const snapshots = snapshotsAfter(db, after, limit);
    let known = new Set((snapshotAt(db, after)?.manifest.documents ?? []).map((d) => d.content_hash));
    const versions: SyncVersion[] = [];
    let bytes = 0;
    for (const snapshot of snapshots) {
      const contents: Record<string, string> = {};
      for (const { content_hash } of snapshot.manifest.documents) {
        if (known.has(content_hash) || content_hash in contents) continue;
        const content = readContent(db, content_hash);
        if (content === undefined)
          throw new InternalError(
            `snapshot ${snapshot.snapshot_id} names blob ${content_hash}, which is missing`,
          );
        contents[content_hash] = content;
      }
      const version: SyncVersion = { ...snapshot, contents };
      const size = Buffer.byteLength(JSON.stringify(version));
      if (versions.length > 0 && bytes + size > maxBytes) break;
      versions.push(version);
      bytes += size;
      known = new Set(snapshot.manifest.documents.map((d) => d.content_hash));
    }
    const last = versions.at(-1)?.knowledge_version ?? after;
    return {
      server_version: readVersion(db),
      versions,
      more: last < newestSnapshotVersion(db),
      tags: approvedTagAssignments(db),
      standing: approvedDocumentTexts(db, "standing").map((d) => d.doc_id),
    };
  })();
}
