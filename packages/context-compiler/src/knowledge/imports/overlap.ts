// Lexical overlap between import units and documents: Jaccard similarity over their distinct terms, found
// through an index so that ten thousand units are not each compared with ten thousand others.
import type { Db } from "@archon/core";
import { documentTerms, jaccard, sharedCount } from "../../read/term-sets.js";
import { approvedDocumentTexts } from "../../store/documents.js";

/** A pair at or above this similarity is worth a reviewer's look. */
export const OVERLAP_THRESHOLD = 0.35;
/** Pairs sharing fewer terms than this are coincidence, however short the texts. */
const MIN_SHARED = 3;
const MAX_REPORTED = 3;
/**
 * The similarity the index filters on: below the threshold by more than the rounding to 3 places (a
 * score of 0.3495 reports as 0.35) and any floating point error, so the filter never drops a reported pair.
 */
const FILTER_AT = OVERLAP_THRESHOLD - 0.001;

export interface Termed {
  id: string;
  terms: ReadonlySet<string>;
}

export interface Overlap {
  doc_id: string;
  score: number;
}

const score = (shared: number, a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  shared < MIN_SHARED ? 0 : Math.round(jaccard(a, b, shared) * 1000) / 1000;

/** |a ∩ b| / |a ∪ b| rounded to 3 places, or 0 when too few terms are shared to mean anything. */
export const similarity = (a: ReadonlySet<string>, b: ReadonlySet<string>): number =>
  score(sharedCount(a, b), a, b);

/** How many of a set's terms, rarest first, any set similar enough to it must share one of (prefix filter). */
const probeLength = (size: number) => size - Math.ceil(FILTER_AT * size) + 1;
/** The same for a set only ever compared with sets at least as large: they need more in common (AllPairs). */
const indexLength = (size: number) => size - Math.ceil(((2 * FILTER_AT) / (1 + FILTER_AT)) * size) + 1;

/** The fewest shared terms two sets of these sizes need to score at FILTER_AT: o / (a + b - o) ≥ t. */
const neededShared = (a: number, b: number) =>
  Math.max(MIN_SHARED, Math.ceil((FILTER_AT / (1 + FILTER_AT)) * (a + b)));

/**
 * Terms shared by two ascending id lists, counting on from `shared` terms found before positions `i` and
 * `j`; 0 as soon as fewer than `need` can be reached, which is most pairs after a few steps.
 */
function sharedFrom(
  a: Int32Array,
  b: Int32Array,
  i: number,
  j: number,
  shared: number,
  need: number,
): number {
  let count = shared;
  while (i < a.length && j < b.length) {
    if (count + Math.min(a.length - i, b.length - j) < need) return 0;
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      count += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return count < need ? 0 : count;
}

const PRUNED = -1;

/**
 * Term sets numbered rarest first (over `sets`), each a sorted list, with an inverted index over the first
 * terms of the sets added to it. Two sets at or above FILTER_AT share a term among those first terms
 * (prefix filter). Where they first meet, their earlier terms are shared only with each other's earlier
 * terms, so the count so far plus the shorter remainder bounds the overlap (positional filter): a pair
 * that cannot reach neededShared is dropped there, and only the few left are counted in full.
 */
class OverlapIndex {
  private readonly idOf: Map<string, number>;
  private readonly lists: Int32Array[];
  private readonly sizes: Int32Array;
  /** term id → (set, position of the term in it) pairs. */
  private readonly postings = new Map<number, number[]>();
  // Per set, for the current query only: shared prefix terms so far, or PRUNED. Stamped, never cleared.
  private readonly shared: Int32Array;
  private readonly stamp: Int32Array;
  /** Where the last shared prefix term sits in the subject and in the set, to count on from there. */
  private readonly lastA: Int32Array;
  private readonly lastB: Int32Array;
  /** neededShared of the subject and the set. */
  private readonly need: Int32Array;
  private query = 0;

  constructor(private readonly sets: readonly Termed[]) {
    const frequency = new Map<string, number>();
    for (const o of sets) for (const t of o.terms) frequency.set(t, (frequency.get(t) ?? 0) + 1);
    const byRarity = [...frequency.keys()].sort(
      (a, b) => (frequency.get(a) as number) - (frequency.get(b) as number) || (a < b ? -1 : 1),
    );
    this.idOf = new Map(byRarity.map((t, i) => [t, i]));
    this.lists = sets.map((o) => this.numbered(o.terms));
    this.sizes = Int32Array.from(this.lists, (ids) => ids.length);
    this.shared = new Int32Array(sets.length);
    this.stamp = new Int32Array(sets.length);
    this.lastA = new Int32Array(sets.length);
    this.lastB = new Int32Array(sets.length);
    this.need = new Int32Array(sets.length);
  }

  /** The ids of the terms the sets know, ascending; terms they do not know are left out. */
  numbered(terms: ReadonlySet<string>): Int32Array {
    const ids = new Int32Array(terms.size);
    let n = 0;
    for (const t of terms) {
      const id = this.idOf.get(t);
      if (id !== undefined) ids[n++] = id;
    }
    return ids.subarray(0, n).sort();
  }

  size = (i: number) => this.sizes[i] as number;

  /** Indexes the first `length` terms of set `i`. */
  add(i: number, length: number): void {
    const ids = this.lists[i] as Int32Array;
    for (let j = 0; j < length; j++) {
      const list = this.postings.get(ids[j] as number);
      if (list) list.push(i, j);
      else this.postings.set(ids[j] as number, [i, j]);
    }
  }

  /** The indexed sets that overlap `subject` at or above the threshold, with their scores; any order. */
  matches(subject: Termed, ids: Int32Array, self: number): { i: number; score: number }[] {
    const { shared, stamp, sizes, postings, lastA, lastB, need } = this;
    const query = ++this.query;
    const size = ids.length;
    const fullSize = subject.terms.size;
    // Terms no set knows are the rarest of all, so they come first and take prefix places; they match nothing.
    const probe = probeLength(fullSize) - (fullSize - size);
    const touched: number[] = [];
    for (let k = 0; k < probe; k++) {
      const hits = postings.get(ids[k] as number);
      if (hits === undefined) continue;
      for (let h = 0; h < hits.length; h += 2) {
        const i = hits[h] as number;
        const otherSize = sizes[i] as number;
        if (stamp[i] !== query) {
          stamp[i] = query;
          const fits = otherSize >= FILTER_AT * fullSize && fullSize >= FILTER_AT * otherSize;
          shared[i] = fits && i !== self ? 0 : PRUNED;
          need[i] = neededShared(fullSize, otherSize);
          if (shared[i] === 0) touched.push(i);
        }
        const count = shared[i] as number;
        if (count === PRUNED) continue;
        const j = hits[h + 1] as number;
        if (count + 1 + Math.min(size - k - 1, otherSize - j - 1) < (need[i] as number)) shared[i] = PRUNED;
        else {
          shared[i] = count + 1;
          lastA[i] = k;
          lastB[i] = j;
        }
      }
    }
    const found: { i: number; score: number }[] = [];
    for (const i of touched) {
      const count = shared[i] as number;
      if (count === PRUNED) continue;
      const list = this.lists[i] as Int32Array;
      const all = sharedFrom(
        ids,
        list,
        (lastA[i] as number) + 1,
        (lastB[i] as number) + 1,
        count,
        need[i] as number,
      );
      if (all === 0) continue;
      const other = this.sets[i] as Termed;
      const s = score(all, subject.terms, other.terms);
      if (s >= OVERLAP_THRESHOLD) found.push({ i, score: s });
    }
    return found;
  }
}

const strongest = (found: Overlap[]) =>
  found.sort((a, b) => b.score - a.score || (a.doc_id < b.doc_id ? -1 : 1)).slice(0, MAX_REPORTED);

/**
 * The strongest overlaps of a subject among `others` (highest score first, then by id, at most three):
 * exactly those a comparison with every one of them finds.
 */
export function overlapFinder(others: readonly Termed[]): (subject: Termed) => Overlap[] {
  const index = new OverlapIndex(others);
  for (let i = 0; i < others.length; i++) index.add(i, probeLength(index.size(i)));
  const position = new Map(others.map((o, i) => [o.id, i]));
  return (subject) =>
    strongest(
      index
        .matches(subject, index.numbered(subject.terms), position.get(subject.id) ?? -1)
        .map(({ i, score }) => ({ doc_id: (others[i] as Termed).id, score })),
    );
}

/**
 * overlapFinder of every item among the items themselves, each pair scored once: items are taken from
 * the smallest up and compared with those before them, which lets the index hold fewer terms of each.
 */
export function overlapsAmong(items: readonly Termed[]): Overlap[][] {
  const index = new OverlapIndex(items);
  const out: Overlap[][] = items.map(() => []);
  const bySize = items.map((_, i) => i).sort((a, b) => index.size(a) - index.size(b) || a - b);
  for (const x of bySize) {
    const item = items[x] as Termed;
    for (const { i, score } of index.matches(item, index.numbered(item.terms), x)) {
      (out[x] as Overlap[]).push({ doc_id: (items[i] as Termed).id, score });
      (out[i] as Overlap[]).push({ doc_id: item.id, score });
    }
    index.add(x, indexLength(index.size(x)));
  }
  return out.map(strongest);
}

/** Approved documents with their terms, in doc_id order. */
export function approvedTerms(db: Db): Termed[] {
  return approvedDocumentTexts(db).map((r) => ({ id: r.doc_id, terms: documentTerms(r.title, r.content) }));
}
