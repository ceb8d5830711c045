// The one ordering of documents: specificity descending, priority ascending, doc_id ascending.
import type { IndexedDoc } from "./knowledge-index.js";

export function compareDocs(a: IndexedDoc, b: IndexedDoc, specA: number, specB: number): number {
  return specB - specA || a.priority - b.priority || (a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : 0);
}
