// The one ordering of documents: the project's own before a template's, then specificity descending,
// priority ascending, doc_id ascending.
import type { IndexedDoc } from "./knowledge-index.js";

/**
 * A document bootstrapped from a bundled template comes after every project document, whatever its
 * specificity or priority: templates ship generic rules at high priorities (15-30 against the default
 * 100), and ranked on those they came first even where they contradict the project ("log with
 * log/slog" in a Go project with its own logger). The project's rules were written for it, so they lead;
 * the template's fill in after them. Every key is a field of the document, so the order is total and the
 * same knowledge always gives the same bytes (P-1).
 */
export function compareDocs(a: IndexedDoc, b: IndexedDoc, specA: number, specB: number): number {
  return (
    Number(a.from_template === true) - Number(b.from_template === true) ||
    specB - specA ||
    a.priority - b.priority ||
    (a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : 0)
  );
}
