// Documents' terms in a compact form. A Set of a hundred strings per document made the first pass over
// a large knowledge base slow to collect: every new set and its strings survived the young generation
// and were copied on their way to the old one. Here each distinct term is one dictionary entry, shared
// by every document that has it, and a document keeps only the sorted ids of its terms.
import { allTerms, type TermSet } from "./relevance.js";

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
  /** Per term id, the last call of termsOf that met it: repeats are dropped without sorting them. */
  #seen: number[] = [];
  #call = 0;

  /** The dictionary starts afresh past `limit` terms; a set made before keeps the one it was made with. */
  constructor(private readonly limit = 500_000) {}

  /** The terms of `text` (relevance.ts's allTerms) as a set. */
  termsOf(text: string): TermSet {
    if (this.#ids.size >= this.limit) {
      this.#ids = new Map();
      this.#seen = [];
      this.#call = 0;
    }
    const dictionary = this.#ids;
    const seen = this.#seen;
    const call = ++this.#call;
    const terms = allTerms(text);
    const ids = new Uint32Array(terms.length);
    let distinct = 0;
    for (const term of terms) {
      let id = dictionary.get(term);
      if (id === undefined) {
        id = dictionary.size;
        dictionary.set(term, id);
        seen.push(0);
      }
      if (seen[id] !== call) {
        seen[id] = call;
        ids[distinct++] = id;
      }
    }
    return new IdTermSet(dictionary, ids.slice(0, distinct).sort());
  }
}
