// Documents' terms in a compact form. A Set of a hundred strings per document made the first pass over
// a large knowledge base slow to collect: every new set and its strings survived the young generation
// and were copied on their way to the old one. Here each distinct term is one dictionary entry, shared
// by every document that has it, and a document keeps only the sorted ids of its terms.
import { eachTerm, type TermSet } from "./relevance.js";

class IdTermSet implements TermSet {
  constructor(
    private readonly dictionary: ReadonlyMap<string, number>,
    private readonly ids: Uint32Array,
  ) {}

  has(term: string): boolean {
    const id = this.dictionary.get(term);
    if (id === undefined) return false;
    const ids = this.ids;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = ids[mid] as number;
      if (at === id) return true;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }
}

export class TermDictionary {
  #ids = new Map<string, number>();

  /** The dictionary starts afresh past `limit` terms; a set made before keeps the one it was made with. */
  constructor(private readonly limit = 500_000) {}

  /** The terms of `text` (relevance.ts's eachTerm) as a set. */
  termsOf(text: string): TermSet {
    if (this.#ids.size >= this.limit) this.#ids = new Map();
    const dictionary = this.#ids;
    const found: number[] = [];
    eachTerm(text, (term) => {
      let id = dictionary.get(term);
      if (id === undefined) {
        id = dictionary.size;
        dictionary.set(term, id);
      }
      found.push(id);
    });
    const ids = new Uint32Array(found).sort();
    let distinct = 0;
    for (const id of ids) if (distinct === 0 || ids[distinct - 1] !== id) ids[distinct++] = id;
    return new IdTermSet(dictionary, ids.slice(0, distinct));
  }
}
