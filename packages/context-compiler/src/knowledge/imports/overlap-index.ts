// The candidate search behind the overlap check: term sets numbered rarest first, an inverted index over
// their first terms, filters that drop pairs which cannot reach the threshold, and a budget of index reads
// shared by a check's searches, so that sets which all look alike cost a bounded amount, not a comparison
// of each with every other one.
import { jaccard } from "../../read/term-sets.js";

/** A pair at or above this similarity is worth a reviewer's look. */
export const OVERLAP_THRESHOLD = 0.35;
/** Pairs sharing fewer terms than this are coincidence, however short the texts. */
export const MIN_SHARED = 3;
/**
 * The similarity the index filters on: below the threshold by more than the rounding to 3 places (a
 * score of 0.3495 reports as 0.35) and any floating point error, so the filter never drops a reported pair.
 */
const FILTER_AT = OVERLAP_THRESHOLD - 0.001;

export interface Termed {
  id: string;
  terms: ReadonlySet<string>;
}

/** How much the overlap check may do before a search stops and says it stopped. */
export interface SearchBudget {
  /** Index entries all searches may read together, beyond their floors. */
  entries: number;
  /** Index entries each search may read whatever the others took. */
  floor: number;
  /** Pairs one search may count at or above the threshold: bounds the work when all are alike. */
  found: number;
}

/**
 * Rules as teams write them never meet it: the 10,000 generated rules of the import benchmark read 30
 * million entries in all and find at most 7 pairs per search. Ten thousand near-duplicates would read
 * over a billion; they stop at 67 million plus 256 per search, however many there are.
 */
export const DEFAULT_BUDGET: SearchBudget = { entries: 2 ** 26, floor: 256, found: 32 };

/**
 * The entries left for `searches` searches to come. Each may take all but the floors of those after it,
 * so searches that need little leave the rest to those that need more, and none gets less than its floor.
 */
export class EntryBudget {
  private left: number;
  constructor(
    private readonly budget: SearchBudget,
    private searches: number,
  ) {
    this.left = budget.entries + searches * budget.floor;
  }

  /** What the next search may read. */
  allowance(): number {
    return Math.max(this.budget.floor, this.left - Math.max(0, this.searches - 1) * this.budget.floor);
  }

  spend(read: number): void {
    this.left -= read;
    this.searches -= 1;
  }
}

export interface Search {
  /** The sets found, by position, with their scores; any order. */
  found: { i: number; score: number }[];
  /** Some candidates were left unread or uncounted: a stronger pair may be missing. */
  capped: boolean;
  /** Index entries read. */
  read: number;
}

/** |a ∩ b| / |a ∪ b| rounded to 3 places, or 0 when too few terms are shared to mean anything. */
export const score = (shared: number, a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  shared < MIN_SHARED ? 0 : Math.round(jaccard(a, b, shared) * 1000) / 1000;

/** How many of a set's terms, rarest first, any set similar enough to it must share one of (prefix filter). */
export const probeLength = (size: number) => size - Math.ceil(FILTER_AT * size) + 1;
/** The same for a set only ever compared with sets at least as large: they need more in common (AllPairs). */
export const indexLength = (size: number) => size - Math.ceil(((2 * FILTER_AT) / (1 + FILTER_AT)) * size) + 1;

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
 * that cannot reach neededShared is dropped there, and only the few left are counted in full. A search
 * that stops early still scores every set it counts exactly: the count goes on from the last shared
 * term it read, and the terms before that were all read.
 */
export class OverlapIndex {
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

  constructor(
    private readonly sets: readonly Termed[],
    private readonly budget: EntryBudget,
    private readonly maxFound: number,
  ) {
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

  /** The indexed sets that overlap `subject` at or above the threshold, within the budget; spends it. */
  matches(subject: Termed): Search {
    const search = this.search(subject, this.budget.allowance());
    this.budget.spend(search.read);
    return search;
  }

  private search(subject: Termed, allowance: number): Search {
    const { shared, stamp, sizes, postings, lastA, lastB, need, maxFound } = this;
    const ids = this.numbered(subject.terms);
    const query = ++this.query;
    const size = ids.length;
    const fullSize = subject.terms.size;
    // Terms no set knows are the rarest of all, so they come first and take prefix places; they match nothing.
    const probe = probeLength(fullSize) - (fullSize - size);
    const touched: number[] = [];
    let read = 0;
    let capped = false;
    for (let k = 0; k < probe && !capped; k++) {
      const hits = postings.get(ids[k] as number);
      if (hits === undefined) continue;
      // The budget counts entries, two numbers each.
      const end = Math.min(hits.length, 2 * (allowance - read));
      if (end < hits.length) capped = true;
      read += end / 2;
      for (let h = 0; h < end; h += 2) {
        const i = hits[h] as number;
        const otherSize = sizes[i] as number;
        if (stamp[i] !== query) {
          stamp[i] = query;
          const fits = otherSize >= FILTER_AT * fullSize && fullSize >= FILTER_AT * otherSize;
          shared[i] = fits ? 0 : PRUNED;
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
      if (found.length === maxFound) return { found, capped: true, read };
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
      const s = score(all, subject.terms, (this.sets[i] as Termed).terms);
      if (s >= OVERLAP_THRESHOLD) found.push({ i, score: s });
    }
    return { found, capped, read };
  }
}
