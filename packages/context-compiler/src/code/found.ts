// What resolving one reference finds: a symbol and how it was bound, or why nothing was; the kinds each
// kind of reference may bind to, and the rules for turning candidates into an answer.
import type { Resolution, SymbolKind, SymbolRow } from "../store/symbols.js";

export type Bound = "local" | "import" | "package" | "name";
export type Found =
  | { symbol: SymbolRow; resolution: Bound }
  | { resolution: Exclude<Resolution, Bound>; candidates: number };

export const CALLABLE: ReadonlySet<SymbolKind> = new Set(["function", "class"]);
export const METHODS: ReadonlySet<SymbolKind> = new Set(["method"]);
export const TYPES: ReadonlySet<SymbolKind> = new Set(["class", "interface"]);
export const CONSTRUCTORS = ["constructor", "__construct", "__init__"];
/** How far `this.m()` looks up a chain of base classes. */
export const MAX_BASE_DEPTH = 8;

export const unbound = (resolution: Exclude<Resolution, Bound>, candidates = 0): Found => ({
  resolution,
  candidates,
});

/** The one candidate as `name`, several as `ambiguous`, none as `unresolved`. */
export function byName(candidates: readonly SymbolRow[]): Found {
  if (candidates.length === 1) return { symbol: candidates[0] as SymbolRow, resolution: "name" };
  return unbound(candidates.length > 1 ? "ambiguous" : "unresolved", candidates.length);
}

export const one = (symbols: readonly SymbolRow[], resolution: Bound): Found | undefined =>
  symbols.length === 1
    ? { symbol: symbols[0] as SymbolRow, resolution }
    : symbols.length > 1
      ? unbound("ambiguous", symbols.length)
      : undefined;

const STRENGTH: Readonly<Record<Bound, number>> = { local: 0, package: 1, import: 2, name: 3 };
/** A chain is as sure as its least sure step. */
export const weaker = (a: Bound, b: Bound): Bound => (STRENGTH[a] >= STRENGTH[b] ? a : b);
