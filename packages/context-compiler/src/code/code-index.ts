// The code layer's service interface: the symbol index of one project, for the agent tools, the CLI and the
// PRD pipeline. Reads are plain queries over the derived tables; only reindex writes, and only those tables.
import type { Clock, Db } from "@archon/core";
import {
  edgesFrom,
  edgesTo,
  findSymbols,
  type IndexCounts,
  importsOf,
  importsResolvingTo,
  indexCounts,
  symbolById,
  symbolsInFile,
} from "../store/symbol-queries.js";
import {
  BOUND,
  type EdgeRow,
  type EdgeType,
  type ImportRow,
  type IndexState,
  readIndexState,
  type SymbolRow,
} from "../store/symbols.js";
import { type LogicFlow, searchLogicFlow } from "./logic-flow.js";
import { type ReindexOptions, type ReindexSummary, reindexSymbols } from "./reindex.js";

export type { EdgeRow, ImportRow, LogicFlow, ReindexSummary, SymbolRow };

export interface IndexStatus {
  /** Null before the first reindex. */
  state: IndexState | null;
  counts: IndexCounts;
}

export interface SymbolMatch {
  /** What the query matched: a symbol id, a qualified name (`Class.method`) or a bare name. */
  match: "id" | "qualified_name" | "name";
  symbols: SymbolRow[];
}

export class CodeIndex {
  constructor(
    private readonly db: Db,
    private readonly projectRoot: string,
  ) {}

  /** Brings the index in line with the repository (see reindex.ts). */
  reindex(options: ReindexOptions & { clock: Clock }): Promise<ReindexSummary> {
    return reindexSymbols(this.db, this.projectRoot, options);
  }

  status(): IndexStatus {
    return { state: readIndexState(this.db) ?? null, counts: indexCounts(this.db) };
  }

  /** Symbols a name or id denotes, sorted by id; `limit` caps a name that many symbols share. */
  find(query: string, limit = 50): SymbolMatch {
    return findSymbols(this.db, query, limit);
  }

  symbol(symbolId: string): SymbolRow | undefined {
    return symbolById(this.db, symbolId);
  }

  symbolsIn(path: string): SymbolRow[] {
    return symbolsInFile(this.db, path);
  }

  /** Edges leaving a symbol; unbound ones have `to_symbol_id: null` and say why in `resolution`. */
  edgesFrom(symbolId: string, type: EdgeType = "calls"): EdgeRow[] {
    return edgesFrom(this.db, symbolId, type);
  }

  /** Bound edges reaching a symbol (its callers, for `calls`). */
  edgesTo(symbolId: string, type: EdgeType = "calls"): EdgeRow[] {
    return edgesTo(this.db, symbolId, type);
  }

  /** The shortest call paths between two symbols (names or ids), over calls only (see logic-flow.ts). */
  logicFlow(from: string, to: string, maxDepth?: number): LogicFlow {
    return searchLogicFlow(this.db, from, to, maxDepth);
  }

  imports(path: string): ImportRow[] {
    return importsOf(this.db, path);
  }

  /** Imports elsewhere whose resolved path is one of `targets` (files, or Go package folders). */
  importers(targets: readonly string[]): ImportRow[] {
    return importsResolvingTo(this.db, targets);
  }
}

/** Whether an edge's resolution bound it to a symbol. */
export const isBound = (edge: Pick<EdgeRow, "resolution">) => BOUND.has(edge.resolution);
