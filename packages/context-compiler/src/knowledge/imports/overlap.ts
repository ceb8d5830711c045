// Lexical overlap between import units and documents: Jaccard similarity over their distinct terms, found
// through an index so that ten thousand units are not each compared with ten thousand others. Identical
// term sets are grouped first and searched once; a search that meets its budget says so (`capped`).
import { type Db, sha256 } from "@archon/core";
import { documentTerms, sharedCount } from "../../read/term-sets.js";
import { approvedDocumentTexts } from "../../store/documents.js";
import {
  DEFAULT_BUDGET,
  EntryBudget,
  indexLength,
  MIN_SHARED,
  OverlapIndex,
  probeLength,
  type SearchBudget,
  score,
  type Termed,
} from "./overlap-index.js";

export { OVERLAP_THRESHOLD, type SearchBudget, type Termed } from "./overlap-index.js";

const MAX_REPORTED = 3;

export interface Overlap {
  doc_id: string;
  score: number;
}

export interface OverlapReport {
  /** The strongest overlaps, highest score first, then by id; at most three. */
  overlaps: Overlap[];
  /** The search stopped at its budget: the overlaps are real, but stronger ones may be missing. */
  capped: boolean;
}

/** |a ∩ b| / |a ∪ b| rounded to 3 places, or 0 when too few terms are shared to mean anything. */
export const similarity = (a: ReadonlySet<string>, b: ReadonlySet<string>): number =>
  score(sharedCount(a, b), a, b);

const stronger = (a: Overlap, b: Overlap) => b.score - a.score || (a.doc_id < b.doc_id ? -1 : 1);

/** Below this many terms only a set's twin scores 1 with it: s / (s + 1) rounds to 1 from s = 1999 on. */
const TWINS_ALONE_SCORE_ONE = 1999;

/**
 * Three exact twins of a set of `size` terms: twins come as a group by smallest id and nothing else
 * scores 1, so no search however long could change the list.
 */
const settled = (list: readonly Overlap[], size: number) =>
  size < TWINS_ALONE_SCORE_ONE && list.length === MAX_REPORTED && list.every((o) => o.score === 1);

/** Keeps `list` the strongest three it has been offered, each id once. */
function offer(list: Overlap[], o: Overlap): void {
  for (const x of list) if (x.doc_id === o.doc_id) return;
  // Called for every pair found, so an insertion into three, not a sort.
  let at = list.length;
  while (at > 0 && stronger(o, list[at - 1] as Overlap) < 0) at -= 1;
  if (at === MAX_REPORTED) return;
  list.splice(at, 0, o);
  if (list.length > MAX_REPORTED) list.pop();
}

/**
 * Sets with the same terms, as groups of positions in id order, each with one set standing for it. Sets
 * too small to share MIN_SHARED terms with anything are left out: they overlap nothing.
 */
function identicalGroups(sets: readonly Termed[]): { members: number[][]; sets: Termed[] } {
  const byKey = new Map<string, number[]>();
  sets.forEach((s, i) => {
    if (s.terms.size < MIN_SHARED) return;
    // Hashed, so a hundred thousand sets do not keep a hundred thousand joined term lists alive.
    const key = sha256([...s.terms].sort().join("\u0000"));
    const group = byKey.get(key);
    if (group) group.push(i);
    else byKey.set(key, [i]);
  });
  const members = [...byKey.values()].map((g) =>
    g.sort((a, b) => ((sets[a] as Termed).id < (sets[b] as Termed).id ? -1 : 1)),
  );
  return { members, sets: members.map((g) => sets[g[0] as number] as Termed) };
}

/** The first members of a group other than `self`: enough to fill any list, as they all score the same. */
const firstOthers = (sets: readonly Termed[], group: readonly number[], self?: string) =>
  group
    .slice(0, MAX_REPORTED + 1)
    .map((m) => (sets[m] as Termed).id)
    .filter((id) => id !== self)
    .slice(0, MAX_REPORTED);

/**
 * The strongest overlaps of a subject among `others`: exactly those a comparison with every one of them
 * finds, unless the report says the search was capped. `searches` is how many subjects will be asked
 * about, so the budget is shared out among them.
 */
export function overlapFinder(
  others: readonly Termed[],
  searches: number,
  budget: SearchBudget = DEFAULT_BUDGET,
): (subject: Termed) => OverlapReport {
  const groups = identicalGroups(others);
  const index = new OverlapIndex(groups.sets, new EntryBudget(budget, searches), budget.found);
  for (let g = 0; g < groups.sets.length; g++) index.add(g, probeLength(index.size(g)));
  return (subject) => {
    const overlaps: Overlap[] = [];
    const { found, capped } = index.matches(subject);
    for (const { i, score } of found)
      for (const id of firstOthers(others, groups.members[i] as number[], subject.id))
        offer(overlaps, { doc_id: id, score });
    return { overlaps, capped: capped && !settled(overlaps, subject.terms.size) };
  };
}

/** Each item's strongest three, filled a pair of groups at a time. */
class GroupLists {
  readonly lists: Overlap[][];
  /** Per group, the ids a pair with it offers, taken once. */
  private readonly firstIds: (string[] | undefined)[] = [];

  constructor(
    private readonly items: readonly Termed[],
    private readonly members: readonly number[][],
  ) {
    this.lists = items.map(() => []);
    for (const group of members)
      if (group.length > 1)
        for (const m of group)
          for (const doc_id of firstOthers(items, group, (items[m] as Termed).id))
            offer(this.lists[m] as Overlap[], { doc_id, score: 1 });
  }

  /** Groups `a` and `b` overlap at `score`: the members of each hear of the other's first members. */
  pair(a: number, b: number, score: number): void {
    this.tell(a, b, score);
    this.tell(b, a, score);
  }

  private tell(to: number, from: number, score: number): void {
    const receivers = this.members[to] as number[];
    // Four or more twins fill each other's lists with 1s, which only a score rounded up to 1 can displace.
    if (receivers.length > MAX_REPORTED && score < 1) return;
    this.firstIds[from] ??= firstOthers(this.items, this.members[from] as number[]);
    const ids = this.firstIds[from];
    for (const m of receivers) for (const doc_id of ids) offer(this.lists[m] as Overlap[], { doc_id, score });
  }
}

/**
 * The second search of overlapsAmong: every group not in `capped` among those that are (`index` holds
 * them in that order). A group whose second search is cut short joins `capped`.
 */
function searchAmongCapped(
  sets: readonly Termed[],
  capped: Set<number>,
  index: OverlapIndex,
  lists: GroupLists,
): void {
  const cappedGroups = [...capped];
  for (let c = 0; c < cappedGroups.length; c++) index.add(c, probeLength(index.size(c)));
  for (let g = 0; g < sets.length; g++) {
    if (capped.has(g)) continue;
    const search = index.matches(sets[g] as Termed);
    for (const { i, score } of search.found) lists.pair(g, cappedGroups[i] as number, score);
    if (search.capped) capped.add(g);
  }
}

/**
 * overlapFinder of every item among the items themselves. Groups are taken from the smallest up and
 * searched among those before them, so each pair is scored once and the index holds fewer terms of each.
 * A capped search may have missed pairs with earlier groups, whose lists would then lack it too: each
 * uncapped group is searched again among the capped ones, so every list not reported capped is exact.
 */
export function overlapsAmong(
  items: readonly Termed[],
  budget: SearchBudget = DEFAULT_BUDGET,
): OverlapReport[] {
  const { members, sets } = identicalGroups(items);
  // Every group searches once, and again if the first searches were cut short.
  const entries = new EntryBudget(budget, 2 * sets.length);
  const lists = new GroupLists(items, members);
  const capped = new Set<number>();
  const index = new OverlapIndex(sets, entries, budget.found);
  const bySize = sets.map((_, g) => g).sort((a, b) => index.size(a) - index.size(b) || a - b);
  for (const g of bySize) {
    const search = index.matches(sets[g] as Termed);
    for (const { i, score } of search.found) lists.pair(g, i, score);
    if (search.capped) capped.add(g);
    index.add(g, indexLength(index.size(g)));
  }
  // Nothing to do when none or all were cut short: no uncapped list can lack a pair with a capped group.
  if (capped.size > 0 && capped.size < sets.length) {
    const cappedIndex = new OverlapIndex(
      [...capped].map((g) => sets[g] as Termed),
      entries,
      budget.found,
    );
    searchAmongCapped(sets, capped, cappedIndex, lists);
  }
  const cappedItems = new Set([...capped].flatMap((g) => members[g] as number[]));
  return lists.lists.map((overlaps, i) => ({
    overlaps,
    capped: cappedItems.has(i) && !settled(overlaps, (items[i] as Termed).terms.size),
  }));
}

/** Approved documents with their terms, in doc_id order. */
export function approvedTerms(db: Db): Termed[] {
  return approvedDocumentTexts(db).map((r) => ({ id: r.doc_id, terms: documentTerms(r.title, r.content) }));
}
