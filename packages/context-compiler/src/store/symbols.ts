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

export type FileStatus = "indexed" | "too_large" | "unreadable" | "timed_out";

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
