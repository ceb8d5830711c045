import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cycleWalk, findCycles, findPath, type Neighbours, shortestPaths } from "./graph.js";

const graphOf = (edges: readonly [string, string][]): Neighbours => {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  return (node) => next.get(node) ?? [];
};
const nodesOf = (edges: readonly [string, string][]) => edges.flat();

describe("findCycles", () => {
  it("returns each loop once, members and groups sorted, and nothing for a graph without loops", () => {
    const edges: [string, string][] = [
      ["c", "a"],
      ["a", "b"],
      ["b", "c"],
      ["d", "d"],
      ["e", "a"],
      ["x", "y"],
    ];
    expect(findCycles(nodesOf(edges), graphOf(edges))).toEqual([["a", "b", "c"], ["d"]]);
    const tree: [string, string][] = [
      ["a", "b"],
      ["a", "c"],
      ["b", "c"],
    ];
    expect(findCycles(nodesOf(tree), graphOf(tree))).toEqual([]);
  });

  it("walks a chain of 200,000 nodes without overflowing the stack", () => {
    const n = 200_000;
    const next: Neighbours = (node) => {
      const i = Number(node);
      return i < n ? [String(i + 1)] : ["0"];
    };
    const cycles = findCycles(["0"], next);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(n + 1);
  });

  it("agrees with reachability on random graphs: a node is in a loop exactly when it reaches itself", () => {
    const edge = fc.tuple(
      fc.constantFrom("a", "b", "c", "d", "e", "f"),
      fc.constantFrom("a", "b", "c", "d", "e", "f"),
    );
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 14 }), (edges) => {
        const next = graphOf(edges);
        const inLoop = new Set(findCycles(nodesOf(edges), next).flat());
        for (const node of new Set(nodesOf(edges))) {
          const back = next(node).some((n) => findPath(n, node, next) !== undefined);
          expect(inLoop.has(node)).toBe(back);
        }
      }),
    );
  });
});

describe("findPath and cycleWalk", () => {
  it("finds the shortest path, or none", () => {
    const edges: [string, string][] = [
      ["a", "b"],
      ["b", "c"],
      ["c", "d"],
      ["a", "d"],
    ];
    expect(findPath("a", "d", graphOf(edges))).toEqual(["a", "d"]);
    expect(findPath("b", "d", graphOf(edges))).toEqual(["b", "c", "d"]);
    expect(findPath("d", "a", graphOf(edges))).toBeUndefined();
    expect(findPath("a", "a", graphOf(edges))).toEqual(["a"]);
  });

  it("describes a loop as a closed walk along real edges, from the group's first member", () => {
    const edges: [string, string][] = [
      ["b", "c"],
      ["c", "a"],
      ["a", "b"],
      ["c", "b"],
      ["s", "s"],
    ];
    const next = graphOf(edges);
    expect(findCycles(nodesOf(edges), next).map((g) => cycleWalk(g, next))).toEqual([
      ["a", "b", "c", "a"],
      ["s", "s"],
    ]);
  });
});

describe("shortestPaths", () => {
  const diamond: [string, string][] = [
    ["a", "c"],
    ["a", "b"],
    ["b", "d"],
    ["c", "d"],
    ["a", "x"],
    ["x", "y"],
    ["y", "d"],
    ["d", "e"],
  ];

  it("returns every path of the shortest length in lexicographic order, and only those", () => {
    expect(shortestPaths("a", "e", graphOf(diamond), { maxDepth: 10, maxPaths: 100 })).toEqual({
      depth: 3,
      paths: [
        ["a", "b", "d", "e"],
        ["a", "c", "d", "e"],
      ],
      truncated: false,
    });
  });

  it("says null past the depth limit or when the target is unreachable, and depth 0 from a node to itself", () => {
    expect(shortestPaths("a", "e", graphOf(diamond), { maxDepth: 2, maxPaths: 100 })).toEqual({
      depth: null,
      paths: [],
      truncated: false,
    });
    expect(shortestPaths("e", "a", graphOf(diamond), { maxDepth: 10, maxPaths: 100 })).toEqual({
      depth: null,
      paths: [],
      truncated: false,
    });
    expect(shortestPaths("a", "a", graphOf(diamond), { maxDepth: 10, maxPaths: 100 })).toEqual({
      depth: 0,
      paths: [["a"]],
      truncated: false,
    });
  });

  it("stops at maxPaths and says so, and asks for the neighbours of expanded nodes only", () => {
    const asked: string[] = [];
    const next = graphOf(diamond);
    const result = shortestPaths(
      "a",
      "d",
      (node) => {
        asked.push(node);
        return next(node);
      },
      { maxDepth: 10, maxPaths: 1 },
    );
    expect(result).toEqual({ depth: 2, paths: [["a", "b", "d"]], truncated: true });
    expect(asked.sort()).toEqual(["a", "b", "c", "x"]);
  });
});
