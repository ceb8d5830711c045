// Candidate lookup for many globs: a trie over each pattern's literal leading folders, bucketed by the
// file extension the pattern requires. Built once per knowledge version; matchers compile on first use.
import { remember } from "@archon/core";
import { acceptedMatcher, globProblem, isGlobSegment, type Matcher } from "./glob.js";

/** How many candidates near misses are ranked from: enough to rank well, bounded so a compile stays cheap. */
const NEAR_MISS_POOL_FACTOR = 2;
const NEAR_MISS_MIN_POOL = 10;
/** How many paths' answers each cache keeps before it starts afresh. */
const ANSWER_CACHE_LIMIT = 4096;

/** A pattern and what is indexed under it. */
export type GlobHit<T> = { pattern: string; items: readonly T[] };

interface Entry<T> {
  pattern: string;
  items: T[];
  /** The pattern's segments up to (not including) its first glob segment. */
  literal: string[];
  matcher?: Matcher;
}

interface Node<T> {
  children: Map<string, Node<T>>;
  /** Patterns whose literal prefix ends at this node, keyed by required extension ('' = any). */
  byExtension: Map<string, Entry<T>[]>;
}

const newNode = <T>(): Node<T> => ({ children: new Map(), byExtension: new Map() });

/** `*.test.ts` or `**\/foo.tsx` → 'ts' / 'tsx'; '' when the last segment does not pin one extension. */
function requiredExtension(lastSegment: string): string {
  const dot = lastSegment.lastIndexOf(".");
  if (dot < 0) return "";
  const ext = lastSegment.slice(dot + 1);
  return ext === "" || isGlobSegment(ext) ? "" : ext;
}

function extensionOf(path: string): string {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  return dot > slash ? path.slice(dot + 1) : "";
}

export class GlobIndex<T> {
  readonly #root: Node<T> = newNode();
  readonly #entries = new Map<string, Entry<T>>();
  readonly #refused = new Map<string, string>();
  /**
   * Answers already given, by path (and limit): a server meets the same files again and again, and each
   * answer walked the trie and ranked its pool anew. Emptied when a pattern is added.
   */
  readonly #matches = new Map<string, readonly GlobHit<T>[]>();
  readonly #nearMisses = new Map<string, readonly GlobHit<T>[]>();

  /**
   * Indexes `item` under `pattern`. A pattern globProblem refuses (one stored before the check existed,
   * such as a brace group of 16 million globs) is set aside with its problem instead: it matches nothing.
   */
  add(pattern: string, item: T): void {
    this.#matches.clear();
    this.#nearMisses.clear();
    // A pattern is checked once, however many documents it is indexed for: its problem is its own.
    const existing = this.#entries.get(pattern);
    if (existing) {
      existing.items.push(item);
      return;
    }
    if (this.#refused.has(pattern)) return;
    const problem = globProblem(pattern);
    if (problem !== undefined) {
      this.#refused.set(pattern, problem);
      return;
    }
    const segments = pattern.split("/");
    const firstGlob = segments.findIndex(isGlobSegment);
    const literal = firstGlob < 0 ? segments : segments.slice(0, firstGlob);
    const entry: Entry<T> = { pattern, items: [item], literal };
    this.#entries.set(pattern, entry);
    let node = this.#root;
    // Walk literal folders only: the last segment is matched by the matcher, never indexed.
    for (const segment of segments.slice(0, -1)) {
      if (isGlobSegment(segment)) break;
      let child = node.children.get(segment);
      if (!child) {
        child = newNode();
        node.children.set(segment, child);
      }
      node = child;
    }
    const ext = requiredExtension(segments[segments.length - 1] ?? "");
    const bucket = node.byExtension.get(ext);
    if (bucket) bucket.push(entry);
    else node.byExtension.set(ext, [entry]);
  }

  /** Every (pattern, items) whose glob matches `path`. */
  match(path: string): readonly GlobHit<T>[] {
    return remember(this.#matches, path, ANSWER_CACHE_LIMIT, () => this.#match(path));
  }

  #match(path: string): GlobHit<T>[] {
    const hits: GlobHit<T>[] = [];
    const ext = extensionOf(path);
    // Every folder of the path, then the path itself: a glob may match the folder its trailing `**` hangs
    // from (`src/**` matches `src`), which a file of that name is too.
    const segments = path.split("/");
    let node: Node<T> | undefined = this.#root;
    for (let depth = 0; node; depth++) {
      this.#collect(node.byExtension.get(""), path, hits);
      if (ext !== "") this.#collect(node.byExtension.get(ext), path, hits);
      const segment = segments[depth];
      node = segment === undefined ? undefined : node.children.get(segment);
    }
    return hits;
  }

  /**
   * The `limit` patterns closest to `path` that do not match it, closest first. Candidates are gathered
   * from the trie, nearest folder outwards (each folder's own patterns, then those below it), up to a
   * bounded pool, so the cost does not grow with the knowledge base. The pool is then ranked by
   * closeness, comparing the pattern's literal segments (those before its first glob) with the path's:
   *   1. more leading segments shared is closer (the rule sits in the same folder, or a parent of it);
   *   2. then a smaller edit distance between the first segments that differ (`src/apis/**` for
   *      `src/api/x.ts` is a likely typo); 0 when the pattern turns into a glob right there;
   *   3. then fewer literal segments left over beyond that one (a narrower detour);
   *   4. then the pattern text in code-unit order, so equal ranks always come out the same way.
   */
  nearMisses(path: string, limit: number): readonly GlobHit<T>[] {
    return remember(this.#nearMisses, `${limit}\u0000${path}`, ANSWER_CACHE_LIMIT, () =>
      this.#nearMissesOf(path, limit),
    );
  }

  #nearMissesOf(path: string, limit: number): GlobHit<T>[] {
    const pool = Math.max(limit * NEAR_MISS_POOL_FACTOR, NEAR_MISS_MIN_POOL);
    const seen = new Set<Entry<T>>();
    const found: Entry<T>[] = [];
    const consider = (node: Node<T>) => {
      for (const key of [...node.byExtension.keys()].sort()) {
        for (const entry of node.byExtension.get(key) ?? []) {
          if (found.length >= pool || seen.has(entry)) continue;
          seen.add(entry);
          entry.matcher ??= acceptedMatcher(entry.pattern);
          if (!entry.matcher(path)) found.push(entry);
        }
      }
    };
    const folders = path.split("/").slice(0, -1);
    const onPath: Node<T>[] = [];
    let node: Node<T> | undefined = this.#root;
    for (let depth = 0; node; depth++) {
      onPath.push(node);
      const folder = folders[depth];
      node = folder === undefined ? undefined : node.children.get(folder);
    }
    for (const start of [...onPath].reverse()) {
      consider(start);
      const queue = [start];
      while (queue.length > 0 && found.length < pool) {
        const next = queue.shift() as Node<T>;
        for (const key of [...next.children.keys()].sort()) {
          const child = next.children.get(key) as Node<T>;
          consider(child);
          queue.push(child);
        }
      }
    }
    const segments = path.split("/");
    return found
      .map((entry) => ({ entry, rank: closeness(entry.literal, segments) }))
      .sort((a, b) => compareRanks(a.rank, b.rank) || codeUnitOrder(a.entry.pattern, b.entry.pattern))
      .slice(0, limit)
      .map(({ entry }) => ({ pattern: entry.pattern, items: entry.items }));
  }

  /** Every pattern with its items, in pattern order. */
  entries(): { pattern: string; items: readonly T[] }[] {
    return [...this.#entries.values()]
      .sort((a, b) => codeUnitOrder(a.pattern, b.pattern))
      .map((e) => ({ pattern: e.pattern, items: e.items }));
  }

  /** The patterns set aside by `add`, with why, in pattern order. */
  refused(): { pattern: string; problem: string }[] {
    return [...this.#refused]
      .sort(([a], [b]) => codeUnitOrder(a, b))
      .map(([pattern, problem]) => ({ pattern, problem }));
  }

  get size(): number {
    return this.#entries.size;
  }

  #collect(bucket: Entry<T>[] | undefined, path: string, hits: GlobHit<T>[]) {
    if (!bucket) return;
    for (const entry of bucket) {
      entry.matcher ??= acceptedMatcher(entry.pattern);
      if (entry.matcher(path)) hits.push({ pattern: entry.pattern, items: entry.items });
    }
  }
}

/** Lower is closer: [-shared segments, distance at the first difference, literal segments left over]. */
function closeness(literal: readonly string[], segments: readonly string[]): number[] {
  let shared = 0;
  while (shared < literal.length && shared < segments.length && literal[shared] === segments[shared])
    shared++;
  const differs = literal[shared];
  const distance = differs === undefined ? 0 : editDistance(differs, segments[shared] ?? "");
  return [-shared, distance, Math.max(0, literal.length - shared - 1)];
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Levenshtein distance: single-character inserts, deletes and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitute, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
