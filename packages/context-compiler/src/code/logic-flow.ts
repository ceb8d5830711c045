// search_logic_flow: the shortest call paths between two symbols, over `calls` edges only (imports,
// extends and implements are not execution steps). It says how many calls on the way it could not
// follow, so "no path" is never read as "no caller".

import type { Db } from "@archon/core";
import { shortestPaths, UserError } from "@archon/core";
import { edgesFrom, findSymbols, indexCounts } from "../store/symbol-queries.js";
import { BOUND, type Resolution, type SymbolRow } from "../store/symbols.js";
import { MAX_CANDIDATES, MAX_FLOW_DEPTH, MAX_FLOW_PATHS } from "./limits.js";

export interface SymbolRef {
  symbol_id: string;
  kind: string;
  path: string;
  line: number;
}

export interface LogicFlow {
  from: SymbolRef | null;
  to: SymbolRef | null;
  /** Calls on a shortest path; null when none was found within max_depth (or a name was ambiguous). */
  depth: number | null;
  /** Every path at that distance, as symbol ids, in a fixed order. */
  paths: string[][];
  paths_truncated: boolean;
  max_depth: number;
  /** Set (and the search not run) when a name matches several symbols. */
  ambiguous_from?: SymbolRef[];
  ambiguous_to?: SymbolRef[];
  /** How the calls on the returned paths were bound: `name` ones are a same-named symbol, not a proof. */
  steps_by_resolution: Partial<Record<Resolution, number>>;
  /** Calls out of the symbols searched that could not be bound (several candidates, or none). */
  unresolved_calls: number;
  /** Calls out of the symbols searched into code outside the repository. */
  external_calls: number;
  searched_symbols: number;
  note: string;
}

const ref = (s: SymbolRow): SymbolRef => ({
  symbol_id: s.symbol_id,
  kind: s.kind,
  path: s.path,
  line: s.start_line,
});

/** The symbols a name or id denotes; a name the index does not hold is refused with what to do. */
function candidates(db: Db, query: string, field: "from_symbol" | "to_symbol"): SymbolRow[] {
  const found = findSymbols(db, query, MAX_CANDIDATES + 1).symbols;
  if (found.length > 0) return found;
  const empty = indexCounts(db).symbols === 0;
  throw new UserError(
    empty ? "The symbol index is empty." : `No symbol named "${query}" is in the symbol index.`,
    empty
      ? "Run `archon reindex-symbols` in the project (the SessionStart hook does it once deployed), then ask again."
      : "Give a function, method or class name (`Class.method` for a method), or a symbol_id; run `archon reindex-symbols` if the code is new.",
    field,
  );
}

/** The order of strength of a call's binding: a nearer scope is the stronger proof. */
const RANK: Readonly<Record<string, number>> = { local: 0, package: 1, import: 2, name: 3 };

export function searchLogicFlow(
  db: Db,
  fromQuery: string,
  toQuery: string,
  maxDepth = MAX_FLOW_DEPTH,
): LogicFlow {
  const depthCap = Math.min(Math.max(1, Math.floor(maxDepth)), MAX_FLOW_DEPTH);
  const fromSet = candidates(db, fromQuery, "from_symbol");
  const toSet = candidates(db, toQuery, "to_symbol");
  const base = {
    depth: null,
    paths: [],
    paths_truncated: false,
    max_depth: depthCap,
    steps_by_resolution: {},
    unresolved_calls: 0,
    external_calls: 0,
    searched_symbols: 0,
  };
  if (fromSet.length > 1 || toSet.length > 1) return ambiguity(fromSet, toSet, base);
  const from = fromSet[0] as SymbolRow;
  const to = toSet[0] as SymbolRow;
  const calls = callGraph(db);
  const found = shortestPaths(from.symbol_id, to.symbol_id, calls.next, {
    maxDepth: depthCap,
    maxPaths: MAX_FLOW_PATHS,
  });
  const steps = stepsByResolution(found.paths, calls.via);
  const { unresolved, external } = calls.counts;
  return {
    from: ref(from),
    to: ref(to),
    ...base,
    depth: found.depth,
    paths: found.paths,
    paths_truncated: found.truncated,
    steps_by_resolution: steps,
    unresolved_calls: unresolved,
    external_calls: external,
    searched_symbols: calls.via.size,
    note: noteFor(found.depth, { unresolved, external }, depthCap, steps),
  };
}

/** A name matching several symbols: no search, the candidates listed (the first MAX_CANDIDATES by id). */
function ambiguity(
  fromSet: SymbolRow[],
  toSet: SymbolRow[],
  base: Omit<LogicFlow, "from" | "to" | "note">,
): LogicFlow {
  const list = (set: SymbolRow[]) => (set.length > 1 ? set.slice(0, MAX_CANDIDATES).map(ref) : undefined);
  return {
    from: fromSet.length === 1 ? ref(fromSet[0] as SymbolRow) : null,
    to: toSet.length === 1 ? ref(toSet[0] as SymbolRow) : null,
    ...base,
    ambiguous_from: list(fromSet),
    ambiguous_to: list(toSet),
    note: `A name matches several symbols, so no search was run: ask again with one of the symbol_ids listed (or Class.method).${
      fromSet.length > MAX_CANDIDATES || toSet.length > MAX_CANDIDATES
        ? ` More than ${MAX_CANDIDATES} symbols share the name; the first ${MAX_CANDIDATES} by id are listed.`
        : ""
    }`,
  };
}

/**
 * The calls graph read one symbol at a time as the search expands it: bound calls leaving a symbol, with
 * the strongest resolution per target (kept in `via`); unbound and external ones counted.
 */
function callGraph(db: Db) {
  const via = new Map<string, Map<string, Resolution>>();
  const counts = { unresolved: 0, external: 0 };
  const next = (node: string) => {
    const targets = new Map<string, Resolution>();
    for (const edge of edgesFrom(db, node, "calls")) {
      if (edge.to_symbol_id !== null && BOUND.has(edge.resolution)) {
        const had = targets.get(edge.to_symbol_id);
        if (had === undefined || (RANK[edge.resolution] ?? 9) < (RANK[had] ?? 9))
          targets.set(edge.to_symbol_id, edge.resolution);
      } else if (edge.resolution === "external") counts.external += 1;
      else counts.unresolved += 1;
    }
    via.set(node, targets);
    return [...targets.keys()];
  };
  return { next, via, counts };
}

/** How the distinct calls on the paths were bound, each call counted once. */
function stepsByResolution(
  paths: readonly string[][],
  via: ReadonlyMap<string, ReadonlyMap<string, Resolution>>,
): Partial<Record<Resolution, number>> {
  const steps: Partial<Record<Resolution, number>> = {};
  const counted = new Set<string>();
  for (const path of paths)
    for (let i = 1; i < path.length; i++) {
      const key = `${path[i - 1]}\0${path[i]}`;
      if (counted.has(key)) continue;
      counted.add(key);
      const resolution = via.get(path[i - 1] as string)?.get(path[i] as string) as Resolution;
      steps[resolution] = (steps[resolution] ?? 0) + 1;
    }
  return steps;
}

function noteFor(
  depth: number | null,
  calls: { unresolved: number; external: number },
  cap: number,
  steps: Partial<Record<Resolution, number>>,
): string {
  if (depth === null) {
    const why = `No call path within ${cap} calls.`;
    if (calls.unresolved > 0)
      return `${why} ${calls.unresolved} call(s) on the way could not be resolved, so a path may still run through them: this is not proof that there is no caller.`;
    // Said with the count: a call wrongly taken for outside code would otherwise hide behind "followed".
    return calls.external > 0
      ? `${why} Every call on the way was followed, except ${calls.external} into code outside the repository.`
      : `${why} Every call on the way was followed.`;
  }
  const byName = steps.name ?? 0;
  return byName > 0
    ? `${byName} step(s) on these paths were bound by name alone (the only symbol of that name), not by an import or scope: check them in the code.`
    : "Every step on these paths was bound by scope, package or import.";
}
