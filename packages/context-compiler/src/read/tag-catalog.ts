// The tag catalog a compile used, named by one hash: tags change without a knowledge_version bump, so
// the version alone cannot say which catalog fed `expanded` (P-1 names both).
import { canonicalJson, sha256 } from "@archon/core";

export interface TagAssignment {
  tag: string;
  doc_id: string;
}

const byTagThenDoc = (a: TagAssignment, b: TagAssignment) =>
  a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : 0;

/**
 * The canonical bytes of a catalog and their sha256. The assignments are sorted here, not by the query
 * that read them, so every process and every replay gets the same bytes for the same assignments.
 */
export function canonicalTagCatalog(assignments: readonly TagAssignment[]): { bytes: string; hash: string } {
  const bytes = canonicalJson(assignments.map(({ tag, doc_id }) => ({ tag, doc_id })).sort(byTagThenDoc));
  return { bytes, hash: sha256(bytes) };
}
