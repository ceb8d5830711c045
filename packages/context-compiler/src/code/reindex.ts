// reindex-symbols: bring the symbol index in line with the repository. Files whose blob sha and extractor
// are unchanged are kept without being read (so one that timed out in the parser is not tried again);
// new and changed files are parsed outside any transaction; then one transaction writes them, drops
// removed files and re-resolves every edge in one batch pass.
// Nothing watches the repository: a run happens when asked (the CLI, the SessionStart hook), never on a timer.
import { type Clock, type Db, hashCanonical } from "@archon/core";
import { type IndexCounts, indexCounts } from "../store/symbol-queries.js";
import { unparsedFiles } from "../store/symbol-skips.js";
import {
  type FileRows,
  loadIndexRows,
  readIndexState,
  removeFiles,
  storedFiles,
  updateEdgeTargets,
  updateImportPaths,
  writeFiles,
  writeIndexState,
} from "../store/symbols.js";
import { readProjectLayout } from "./module-world.js";
import { extractorVersion } from "./parser.js";
import { readSourceFile, rememberedReason, type SkipReason } from "./read-source-file.js";
import { resolveIndex } from "./resolve-edges.js";
import { type ScannedFile, scanSourceFiles } from "./scan-files.js";

export interface ReindexOptions {
  clock: Clock;
  onProgress?: (done: number, total: number) => void;
  /** Asked between files; true stops parsing, writes what was read and leaves the index incomplete. */
  shouldStop?: () => boolean;
  /** Parsing time one file may take; PARSE_BUDGET_MS unless a test passes a smaller one. */
  parseBudgetMs?: number;
}

export interface ReindexSummary {
  source: "git" | "walk";
  /** Nothing changed since the last complete run: nothing was read or written. */
  unchanged: boolean;
  /** Files read and indexed in this run. */
  parsed: number;
  removed: number;
  /** Indexed files kept as they were, their sha and the extractor unchanged: not read. */
  reused: number;
  /** Listed files without symbols, this run's or remembered (by content) from an earlier one. */
  skipped: number;
  skipped_files: { path: string; reason: SkipReason }[];
  /** Files left for the next run because `shouldStop` said so. */
  deferred: number;
  complete: boolean;
  state_hash: string;
  indexed_at: string | null;
  counts: IndexCounts;
}

const stateHash = (extractor: string, files: readonly ScannedFile[], layoutFiles: readonly ScannedFile[]) =>
  hashCanonical({
    extractor,
    files: files.map((f) => [f.path, f.sha]),
    layout: layoutFiles.map((f) => [f.path, f.sha]),
  });

/** Every stored file without symbols, with this run's reason for those it read, the remembered one otherwise. */
function skippedFiles(db: Db, fresh: ReadonlyMap<string, SkipReason>): ReindexSummary["skipped_files"] {
  return unparsedFiles(db)
    .map((f) => ({ path: f.path, reason: fresh.get(f.path) ?? rememberedReason(f.status) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function reindexSymbols(db: Db, root: string, options: ReindexOptions): Promise<ReindexSummary> {
  const extractor = extractorVersion();
  const scan = scanSourceFiles(root);
  const desired = stateHash(extractor, scan.files, scan.layoutFiles);
  const before = readIndexState(db);
  if (before?.complete && before.state_hash === desired)
    return unchangedSummary(db, scan, desired, before.indexed_at);

  const stored = storedFiles(db);
  const listed = new Set(scan.files.map((f) => f.path));
  const removed = [...stored.keys()].filter((p) => !listed.has(p)).sort();
  const changed = scan.files.filter((f) => {
    const row = stored.get(f.path);
    return row?.content_sha !== f.sha || row.extractor !== extractor;
  });
  const read = await readChanged(root, changed, extractor, options);
  removed.push(...read.gone);
  const deferred = changed.length - read.done;
  const indexed_at = options.clock.now().toISOString();
  const layout = readProjectLayout(
    root,
    scan.layoutFiles.map((f) => f.path),
  );
  const state = db
    .transaction(() => {
      const now = writeResolved(db, removed, read.rows, layout);
      const complete = deferred === 0;
      // An incomplete index gets its own state: a verdict cached on it is not one on the finished index.
      const state_hash = complete ? desired : stateHash(`${extractor}:partial`, now, scan.layoutFiles);
      writeIndexState(db, { state_hash, indexed_at, complete });
      return { state_hash, complete };
    })
    .immediate();
  const skipped_files = skippedFiles(db, read.fresh);
  return {
    source: scan.source,
    unchanged: false,
    parsed: read.rows.length - read.fresh.size,
    removed: removed.length,
    reused: scan.files.length - changed.length - skipped_files.filter((f) => !read.fresh.has(f.path)).length,
    skipped: skipped_files.length,
    skipped_files,
    deferred,
    complete: state.complete,
    state_hash: state.state_hash,
    indexed_at,
    counts: indexCounts(db),
  };
}

/** Nothing changed since the last complete run: the summary of the index as it stands, nothing read. */
function unchangedSummary(
  db: Db,
  scan: { source: ReindexSummary["source"]; files: readonly ScannedFile[] },
  state_hash: string,
  indexed_at: string | null,
): ReindexSummary {
  const skipped_files = skippedFiles(db, new Map());
  return {
    source: scan.source,
    unchanged: true,
    parsed: 0,
    removed: 0,
    reused: scan.files.length - skipped_files.length,
    skipped: skipped_files.length,
    skipped_files,
    deferred: 0,
    complete: true,
    state_hash,
    indexed_at,
    counts: indexCounts(db),
  };
}

/** Reads and parses the changed files, outside any transaction, until done or asked to stop. */
async function readChanged(
  root: string,
  changed: readonly ScannedFile[],
  extractor: string,
  options: ReindexOptions,
): Promise<{ rows: FileRows[]; fresh: Map<string, SkipReason>; gone: string[]; done: number }> {
  const rows: FileRows[] = [];
  const fresh = new Map<string, SkipReason>();
  const gone: string[] = [];
  let done = 0;
  for (const file of changed) {
    if (options.shouldStop?.()) break;
    const read = await readSourceFile(root, file, extractor, options.parseBudgetMs);
    if (read === "gone") gone.push(file.path);
    else {
      rows.push(read.rows);
      if (read.skipped) fresh.set(file.path, read.skipped);
    }
    done += 1;
    options.onProgress?.(done, changed.length);
  }
  return { rows, fresh, gone, done };
}

/**
 * Inside the caller's transaction: drops removed and changed files, resolves every edge and import of the
 * union in memory, writes the new rows resolved and the kept ones whose target moved. Returns the files
 * the index now holds, with their content sha, in path order.
 */
function writeResolved(
  db: Db,
  removed: readonly string[],
  rows: readonly FileRows[],
  layout: ReturnType<typeof readProjectLayout>,
): { path: string; sha: string }[] {
  // Changed files go first, so what is loaded is the untouched rest; the union is resolved in memory
  // and the new rows are written already resolved.
  removeFiles(db, [...removed, ...rows.map((r) => r.file.path)]);
  const kept = loadIndexRows(db);
  const resolved = resolveIndex({
    files: [...kept.files, ...rows.map((r) => r.file)],
    symbols: [...kept.symbols, ...rows.flatMap((r) => r.symbols)],
    edges: [...kept.edges, ...rows.flatMap((r) => r.edges)],
    imports: [...kept.imports, ...rows.flatMap((r) => r.imports)],
    layout,
  });
  const edgeTargets = new Map(resolved.edges.map((t) => [`${t.path}\0${t.seq}`, t]));
  const importPaths = new Map(resolved.imports.map((i) => [`${i.path}\0${i.seq}`, i.resolved_path]));
  writeFiles(
    db,
    rows.map((r) => ({
      ...r,
      edges: r.edges.map((e) => ({ ...e, ...edgeTargets.get(`${e.path}\0${e.seq}`) })),
      imports: r.imports.map((i) => ({
        ...i,
        resolved_path: importPaths.get(`${i.path}\0${i.seq}`) ?? null,
      })),
    })),
  );
  updateEdgeTargets(
    db,
    kept.edges.flatMap((e) => {
      const t = edgeTargets.get(`${e.path}\0${e.seq}`);
      const moved =
        t &&
        (t.to_symbol_id !== e.to_symbol_id || t.resolution !== e.resolution || t.candidates !== e.candidates);
      return moved ? [t] : [];
    }),
  );
  updateImportPaths(
    db,
    kept.imports.flatMap((i) => {
      const resolved_path = importPaths.get(`${i.path}\0${i.seq}`) ?? null;
      return resolved_path === i.resolved_path ? [] : [{ path: i.path, seq: i.seq, resolved_path }];
    }),
  );
  return [...kept.files, ...rows.map((r) => r.file)]
    .map((f) => ({ path: f.path, sha: f.content_sha }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}
