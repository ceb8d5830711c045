// Candidate lookup for many globs: a trie over each pattern's literal leading folders, bucketed by the
// file extension the pattern requires. Built once per knowledge version; matchers compile on first use.
import { isGlobSegment, type Matcher, makeMatcher } from "./glob.js";

interface Entry<T> {
  pattern: string;
  items: T[];
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

  add(pattern: string, item: T): void {
    const existing = this.#entries.get(pattern);
    if (existing) {
      existing.items.push(item);
      return;
    }
    const entry: Entry<T> = { pattern, items: [item] };
    this.#entries.set(pattern, entry);
    const segments = pattern.split("/");
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
  match(path: string): { pattern: string; items: readonly T[] }[] {
    const hits: { pattern: string; items: readonly T[] }[] = [];
    const ext = extensionOf(path);
    const folders = path.split("/").slice(0, -1);
    let node: Node<T> | undefined = this.#root;
    for (let depth = 0; node; depth++) {
      this.#collect(node.byExtension.get(""), path, hits);
      if (ext !== "") this.#collect(node.byExtension.get(ext), path, hits);
      const folder = folders[depth];
      node = folder === undefined ? undefined : node.children.get(folder);
    }
    return hits;
  }

  /**
   * Patterns that exist near `path` but do not match it: from the deepest folder it shares with the
   * index outwards, each folder's own patterns (any extension) and then those below it, in name order.
   */
  nearMisses(path: string, limit: number): { pattern: string; items: readonly T[] }[] {
    const seen = new Set<Entry<T>>();
    const out: Entry<T>[] = [];
    const consider = (node: Node<T>) => {
      for (const key of [...node.byExtension.keys()].sort()) {
        for (const entry of node.byExtension.get(key) ?? []) {
          if (out.length >= limit || seen.has(entry)) continue;
          seen.add(entry);
          entry.matcher ??= makeMatcher(entry.pattern);
          if (!entry.matcher(path)) out.push(entry);
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
    // Nearest first: each folder on the path, then everything below it (siblings are typo candidates).
    for (const start of [...onPath].reverse()) {
      consider(start);
      const queue = [start];
      while (queue.length > 0 && out.length < limit) {
        const next = queue.shift() as Node<T>;
        for (const key of [...next.children.keys()].sort()) {
          const child = next.children.get(key) as Node<T>;
          consider(child);
          queue.push(child);
        }
      }
    }
    return out.map((e) => ({ pattern: e.pattern, items: e.items }));
  }

  get size(): number {
    return this.#entries.size;
  }

  #collect(bucket: Entry<T>[] | undefined, path: string, hits: { pattern: string; items: readonly T[] }[]) {
    if (!bucket) return;
    for (const entry of bucket) {
      entry.matcher ??= makeMatcher(entry.pattern);
      if (entry.matcher(path)) hits.push({ pattern: entry.pattern, items: entry.items });
    }
  }
}
