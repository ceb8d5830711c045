// Reads of the symbol index for its users (the agent tools, verify_done, the PRD pipeline): symbols by
// id or name, the edges around a symbol, imports by file or by what they resolve to, counts.
import type { Db } from "@archon/core";
import {
  type EdgeRow,
  type EdgeType,
  type ImportRow,
  RESOLUTIONS,
  type Resolution,
  type SymbolRow,
} from "./symbols.js";

export interface IndexCounts {
  files: number;
  symbols: number;
  edges: number;
  imports: number;
  /** Edge count per resolution, every resolution listed. */
  by_resolution: Record<Resolution, number>;
}

export function indexCounts(db: Db): IndexCounts {
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const by = db.prepare("SELECT resolution, COUNT(*) AS n FROM symbol_edges GROUP BY resolution").all() as {
    resolution: Resolution;
    n: number;
  }[];
  const by_resolution = Object.fromEntries(RESOLUTIONS.map((r) => [r, 0])) as Record<Resolution, number>;
  for (const row of by) by_resolution[row.resolution] = row.n;
  return {
    files: count("symbol_files"),
    symbols: count("symbols"),
    edges: count("symbol_edges"),
    imports: count("symbol_imports"),
    by_resolution,
  };
}

/**
 * Symbols whose id, qualified name (`Class.method`) or name is `query`, best match first. A bare name is
 * matched by name alone: a function `f` must not hide the methods named `f` (the name covers both).
 */
export function findSymbols(
  db: Db,
  query: string,
  limit: number,
): { match: "id" | "qualified_name" | "name"; symbols: SymbolRow[] } {
  const byId = db.prepare("SELECT * FROM symbols WHERE symbol_id = ?").all(query) as SymbolRow[];
  if (byId.length > 0) return { match: "id", symbols: byId };
  if (query.includes(".")) {
    const qualified = db
      .prepare("SELECT * FROM symbols WHERE qualified_name = ? ORDER BY symbol_id LIMIT ?")
      .all(query, limit) as SymbolRow[];
    if (qualified.length > 0) return { match: "qualified_name", symbols: qualified };
  }
  const named = db
    .prepare("SELECT * FROM symbols WHERE name = ? ORDER BY symbol_id LIMIT ?")
    .all(query, limit) as SymbolRow[];
  return { match: "name", symbols: named };
}

export function symbolById(db: Db, symbolId: string): SymbolRow | undefined {
  return db.prepare("SELECT * FROM symbols WHERE symbol_id = ?").get(symbolId) as SymbolRow | undefined;
}

export function symbolsInFile(db: Db, path: string): SymbolRow[] {
  return db
    .prepare("SELECT * FROM symbols WHERE path = ? ORDER BY start_line, symbol_id")
    .all(path) as SymbolRow[];
}

/** The edges leaving a symbol, of one type, in file order. */
export function edgesFrom(db: Db, symbolId: string, type: EdgeType): EdgeRow[] {
  return db
    .prepare("SELECT * FROM symbol_edges WHERE from_symbol_id = ? AND edge_type = ? ORDER BY path, seq")
    .all(symbolId, type) as EdgeRow[];
}

/** The bound edges reaching a symbol, of one type. */
export function edgesTo(db: Db, symbolId: string, type: EdgeType): EdgeRow[] {
  return db
    .prepare("SELECT * FROM symbol_edges WHERE to_symbol_id = ? AND edge_type = ? ORDER BY path, seq")
    .all(symbolId, type) as EdgeRow[];
}

export function importsOf(db: Db, path: string): ImportRow[] {
  return db.prepare("SELECT * FROM symbol_imports WHERE path = ? ORDER BY seq").all(path) as ImportRow[];
}

/** Imports whose resolved path is one of `targets` (repo files, or Go package folders). */
export function importsResolvingTo(db: Db, targets: readonly string[]): ImportRow[] {
  return db
    .prepare(
      `SELECT * FROM symbol_imports WHERE resolved_path IN (SELECT value FROM json_each(?))
       ORDER BY path, seq`,
    )
    .all(JSON.stringify(targets)) as ImportRow[];
}

/** Indexed files with their language, sorted by path. */
export function indexedFiles(db: Db): { path: string; language: string }[] {
  return db.prepare("SELECT path, language FROM symbol_files ORDER BY path").all() as {
    path: string;
    language: string;
  }[];
}

/** Top-level PHP symbols with their file's namespace: what a `use` import can name. */
export function phpTopLevelSymbols(db: Db): { path: string; name: string; namespace: string | null }[] {
  return db
    .prepare(
      `SELECT s.path, s.qualified_name AS name, f.namespace FROM symbols s JOIN symbol_files f ON f.path = s.path
       WHERE s.language = 'php' AND instr(s.qualified_name, '.') = 0 ORDER BY s.symbol_id`,
    )
    .all() as { path: string; name: string; namespace: string | null }[];
}
