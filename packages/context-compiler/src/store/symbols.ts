// The symbol index's tables: files with their content sha, symbols, edges between them and imports. Derived
// from the repository by reindex-symbols and never part of the knowledge (no version, no snapshot, no export).
import type { Db } from "@archon/core";

/** The coverage table's columns; Go structs and PHP traits are classes. */
export const SYMBOL_KINDS = ["class", "interface", "function", "method"] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** Edges between symbols. Only `calls` are execution steps; imports are kept per file, apart. */
export const SYMBOL_EDGE_TYPES = ["calls", "extends", "implements"] as const;
export type EdgeType = (typeof SYMBOL_EDGE_TYPES)[number];

/**
 * How an edge found its target. Bound: `local` (a qualified name in the same file), `import` (an import
 * names the target's file), `package` (same Go package or PHP namespace, which need no import), `name`
 * (the only symbol of that name, by name alone). Unbound: `ambiguous` (several candidates), `external`
 * (an import or a builtin names something outside the repository), `unresolved` (nothing to go on).
 */
export const RESOLUTIONS = [
  "local",
  "import",
  "package",
  "name",
  "ambiguous",
  "external",
  "unresolved",
] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const BOUND: ReadonlySet<Resolution> = new Set(["local", "import", "package", "name"]);

export type FileStatus = "indexed" | "too_large" | "unreadable";

export interface SymbolFileRow {
  path: string;
  language: string;
  content_sha: string;
  namespace: string | null;
  status: FileStatus;
  extractor: string;
}

export interface SymbolRow {
  symbol_id: string;
  path: string;
  language: string;
  kind: SymbolKind;
  name: string;
  qualified_name: string;
  container: string | null;
  start_line: number;
  end_line: number;
}

export interface EdgeRow {
  path: string;
  seq: number;
  from_symbol_id: string | null;
  edge_type: EdgeType;
  to_name: string;
  qualifier: string | null;
  line: number;
  to_symbol_id: string | null;
  resolution: Resolution;
  candidates: number;
}

export interface ImportRow {
  path: string;
  seq: number;
  line: number;
  source: string;
  imported: string | null;
  local_name: string | null;
  text: string;
  resolved_path: string | null;
}

export interface IndexState {
  state_hash: string;
  indexed_at: string;
  complete: boolean;
}

/** Every indexed file with its sha and the extractor that read it, by path. */
export function storedFiles(db: Db): Map<string, { content_sha: string; extractor: string }> {
  const rows = db.prepare("SELECT path, content_sha, extractor FROM symbol_files").all() as {
    path: string;
    content_sha: string;
    extractor: string;
  }[];
  return new Map(rows.map((r) => [r.path, { content_sha: r.content_sha, extractor: r.extractor }]));
}

export interface FileRows {
  file: SymbolFileRow;
  symbols: readonly SymbolRow[];
  edges: readonly EdgeRow[];
  imports: readonly ImportRow[];
}

/** Replaces everything stored for each file (its old symbols, edges and imports go with the file row). */
export function writeFiles(db: Db, files: readonly FileRows[]): void {
  const drop = db.prepare("DELETE FROM symbol_files WHERE path = ?");
  const file = db.prepare(
    `INSERT INTO symbol_files (path, language, content_sha, namespace, status, extractor)
     VALUES (@path, @language, @content_sha, @namespace, @status, @extractor)`,
  );
  const symbol = db.prepare(
    `INSERT OR IGNORE INTO symbols (symbol_id, path, language, kind, name, qualified_name, container, start_line, end_line)
     VALUES (@symbol_id, @path, @language, @kind, @name, @qualified_name, @container, @start_line, @end_line)`,
  );
  const edge = db.prepare(
    `INSERT INTO symbol_edges (path, seq, from_symbol_id, edge_type, to_name, qualifier, line, to_symbol_id, resolution, candidates)
     VALUES (@path, @seq, @from_symbol_id, @edge_type, @to_name, @qualifier, @line, @to_symbol_id, @resolution, @candidates)`,
  );
  const imp = db.prepare(
    `INSERT INTO symbol_imports (path, seq, line, source, imported, local_name, text, resolved_path)
     VALUES (@path, @seq, @line, @source, @imported, @local_name, @text, @resolved_path)`,
  );
  for (const rows of files) {
    drop.run(rows.file.path);
    file.run(rows.file);
    for (const s of rows.symbols) symbol.run(s);
    for (const e of rows.edges) edge.run(e);
    for (const i of rows.imports) imp.run(i);
  }
}

export function removeFiles(db: Db, paths: readonly string[]): void {
  const drop = db.prepare("DELETE FROM symbol_files WHERE path = ?");
  for (const path of paths) drop.run(path);
}

/** The whole index, for the batch resolution pass. */
export function loadIndexRows(db: Db): {
  files: SymbolFileRow[];
  symbols: SymbolRow[];
  edges: EdgeRow[];
  imports: ImportRow[];
} {
  return db.transaction(() => ({
    files: db.prepare("SELECT * FROM symbol_files ORDER BY path").all() as SymbolFileRow[],
    symbols: db.prepare("SELECT * FROM symbols ORDER BY symbol_id").all() as SymbolRow[],
    edges: db.prepare("SELECT * FROM symbol_edges ORDER BY path, seq").all() as EdgeRow[],
    imports: db.prepare("SELECT * FROM symbol_imports ORDER BY path, seq").all() as ImportRow[],
  }))();
}

export type EdgeTarget = Pick<EdgeRow, "path" | "seq" | "to_symbol_id" | "resolution" | "candidates">;

export function updateEdgeTargets(db: Db, targets: readonly EdgeTarget[]): void {
  const update = db.prepare(
    "UPDATE symbol_edges SET to_symbol_id = @to_symbol_id, resolution = @resolution, candidates = @candidates WHERE path = @path AND seq = @seq",
  );
  for (const t of targets) update.run(t);
}

export function updateImportPaths(
  db: Db,
  imports: readonly Pick<ImportRow, "path" | "seq" | "resolved_path">[],
) {
  const update = db.prepare(
    "UPDATE symbol_imports SET resolved_path = @resolved_path WHERE path = @path AND seq = @seq",
  );
  for (const i of imports) update.run(i);
}

export function readIndexState(db: Db): IndexState | undefined {
  const row = db
    .prepare("SELECT state_hash, indexed_at, complete FROM symbol_index_state WHERE id = 1")
    .get() as { state_hash: string; indexed_at: string; complete: number } | undefined;
  return row ? { ...row, complete: row.complete === 1 } : undefined;
}

export function writeIndexState(db: Db, state: IndexState): void {
  db.prepare(
    `INSERT INTO symbol_index_state (id, state_hash, indexed_at, complete) VALUES (1, @state_hash, @indexed_at, @complete)
     ON CONFLICT (id) DO UPDATE SET state_hash = excluded.state_hash, indexed_at = excluded.indexed_at,
       complete = excluded.complete`,
  ).run({ ...state, complete: state.complete ? 1 : 0 });
}

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

/** Symbols whose id, qualified name or name is `query`, best match first: id, then qualified name, then name. */
export function findSymbols(
  db: Db,
  query: string,
  limit: number,
): { match: "id" | "qualified_name" | "name"; symbols: SymbolRow[] } {
  const byId = db.prepare("SELECT * FROM symbols WHERE symbol_id = ?").all(query) as SymbolRow[];
  if (byId.length > 0) return { match: "id", symbols: byId };
  const qualified = db
    .prepare("SELECT * FROM symbols WHERE qualified_name = ? ORDER BY symbol_id LIMIT ?")
    .all(query, limit) as SymbolRow[];
  if (qualified.length > 0) return { match: "qualified_name", symbols: qualified };
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
