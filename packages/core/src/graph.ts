// Cycles and paths in a directed graph given by a neighbour function. Iterative throughout, so a chain of
// any length cannot overflow the stack; neighbours are visited in sorted order, so every answer is stable.

/** The nodes a node points to. Called lazily, so a graph can be read from a database one node at a time. */
export type Neighbours = (node: string) => readonly string[];

const sorted = (next: Neighbours, node: string) => [...next(node)].sort();

/**
 * Every group of nodes that reach each other in a loop (strongly connected components of more than one
 * node, or one node pointing to itself), members sorted, groups sorted by their first member.
 * Tarjan's algorithm, with an explicit stack.
 */
export function findCycles(nodes: Iterable<string>, next: Neighbours): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const open = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    return { node, children: sorted(next, node), child: 0 };
  };
  for (const root of [...new Set(nodes)].sort()) {
    if (index.has(root)) continue;
    const work = [open(root)];
    while (work.length > 0) {
      const frame = work[work.length - 1] as ReturnType<typeof open>;
      if (frame.child < frame.children.length) {
        const child = frame.children[frame.child++] as string;
        if (!index.has(child)) work.push(open(child));
        else if (onStack.has(child))
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(child) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      if (group.length > 1 || frame.children.includes(frame.node)) cycles.push(group.sort());
    }
  }
  return cycles.sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1));
}

/** The shortest path from `from` to `to` (both included), or undefined when `to` cannot be reached. */
export function findPath(from: string, to: string, next: Neighbours): string[] | undefined {
  const parent = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as string;
    if (node === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(parent.get(path[0] as string) as string);
      return path;
    }
    for (const child of sorted(next, node)) {
      if (parent.has(child)) continue;
      parent.set(child, node);
      queue.push(child);
    }
  }
  return undefined;
}

/**
 * One loop through a group `findCycles` returned, as a readable walk that starts and ends at the group's
 * first member (`a → b → a`): the shortest way back from its first neighbour inside the group.
 */
export function cycleWalk(group: readonly string[], next: Neighbours): string[] {
  const start = group[0] as string;
  const members = new Set(group);
  const inside: Neighbours = (node) => next(node).filter((n) => members.has(n));
  const first = sorted(inside, start)[0] as string;
  if (first === start) return [start, start];
  return [start, ...(findPath(first, start, inside) as string[])];
}

export interface ShortestPaths {
  /** Edges on a shortest path; null when `to` is not reached within `maxDepth`. */
  depth: number | null;
  /** Every path of that length (both ends included), in lexicographic order, at most `maxPaths`. */
  paths: string[][];
  /** More paths of that length exist than were returned. */
  truncated: boolean;
}

/**
 * All shortest paths from `from` to `to`, searching at most `maxDepth` edges out. Breadth first, one level
 * at a time, recording every predecessor at the level before; `next` is asked only for nodes the search
 * expands (those nearer than the answer), so a caller can count what it saw on the way.
 */
export function shortestPaths(
  from: string,
  to: string,
  next: Neighbours,
  limits: { maxDepth: number; maxPaths: number },
): ShortestPaths {
  if (from === to) return { depth: 0, paths: [[from]], truncated: false };
  const { parents, depth } = predecessorLevels(from, to, next, limits.maxDepth);
  if (!parents.has(to)) return { depth: null, paths: [], truncated: false };
  return { depth, ...walkForward(from, to, successorsOnShortestPaths(to, parents), limits.maxPaths) };
}

/** Breadth first from `from`, one level at a time until `to` is reached: each node with every predecessor one level nearer. */
function predecessorLevels(
  from: string,
  to: string,
  next: Neighbours,
  maxDepth: number,
): { parents: Map<string, string[]>; depth: number } {
  const parents = new Map<string, string[]>([[from, []]]);
  let level = [from];
  let depth = 0;
  while (level.length > 0 && depth < maxDepth && !parents.has(to)) {
    depth += 1;
    const found = new Map<string, string[]>();
    for (const node of level) {
      for (const child of sorted(next, node)) {
        if (parents.has(child)) continue;
        const list = found.get(child);
        if (list) list.push(node);
        else found.set(child, [node]);
      }
    }
    for (const [child, list] of found) parents.set(child, list);
    level = [...found.keys()].sort();
  }
  return { parents, depth };
}

/** The nodes that lie on some shortest path to `to`, each with its successors on one. */
function successorsOnShortestPaths(
  to: string,
  parents: ReadonlyMap<string, string[]>,
): Map<string, string[]> {
  const forward = new Map<string, string[]>();
  const stack = [to];
  const onPath = new Set([to]);
  while (stack.length > 0) {
    const node = stack.pop() as string;
    for (const parent of parents.get(node) ?? []) {
      forward.set(parent, [...(forward.get(parent) ?? []), node]);
      if (!onPath.has(parent)) {
        onPath.add(parent);
        stack.push(parent);
      }
    }
  }
  return forward;
}

/** The paths from `from` to `to` over `forward`, depth first in lexicographic order, at most `maxPaths`. */
function walkForward(
  from: string,
  to: string,
  forward: ReadonlyMap<string, string[]>,
  maxPaths: number,
): { paths: string[][]; truncated: boolean } {
  const paths: string[][] = [];
  const walk: { path: string[]; children: string[]; child: number }[] = [
    { path: [from], children: [...(forward.get(from) ?? [])].sort(), child: 0 },
  ];
  while (walk.length > 0) {
    const frame = walk[walk.length - 1] as (typeof walk)[number];
    const last = frame.path[frame.path.length - 1] as string;
    if (last === to) {
      if (paths.length === maxPaths) return { paths, truncated: true };
      paths.push(frame.path);
      walk.pop();
      continue;
    }
    if (frame.child >= frame.children.length) {
      walk.pop();
      continue;
    }
    const child = frame.children[frame.child++] as string;
    walk.push({ path: [...frame.path, child], children: [...(forward.get(child) ?? [])].sort(), child: 0 });
  }
  return { paths, truncated: false };
}
