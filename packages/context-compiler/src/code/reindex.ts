// reindex-symbols: bring the symbol index in line with the repository. Files whose blob sha and extractor
// are unchanged are skipped without being read; new and changed files are parsed outside any transaction;
// then one transaction writes them, drops removed files and re-resolves every edge in one batch pass.
// Nothing watches the repository: a run happens when asked (the CLI, the SessionStart hook), never on a timer.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Clock, type Db, hashCanonical } from "@archon/core";
import { type IndexCounts, indexCounts } from "../store/symbol-queries.js";
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
import { extractFile } from "./extract-symbols.js";
import { languageOf } from "./languages.js";
import { readGoModules } from "./module-world.js";
import { extractorVersion } from "./parser.js";
import { resolveIndex } from "./resolve-edges.js";
import { type ScannedFile, scanSourceFiles } from "./scan-files.js";
import { symbolId } from "./symbol-model.js";

/** Larger files are generated or vendored more often than written; they are listed, not parsed. */
export const MAX_FILE_BYTES = 1024 * 1024;

export interface ReindexOptions {
  clock: Clock;
  onProgress?: (done: number, total: number) => void;
  /** Asked between files; true stops parsing, writes what was read and leaves the index incomplete. */
  shouldStop?: () => boolean;
}

export interface ReindexSummary {
  source: "git" | "walk";
  /** Nothing changed since the last complete run: nothing was read or written. */
  unchanged: boolean;
  parsed: number;
  removed: number;
  /** Files skipped by their unchanged sha. */
  skipped: number;
  /** Files left for the next run because `shouldStop` said so. */
  deferred: number;
  complete: boolean;
  state_hash: string;
  indexed_at: string | null;
  counts: IndexCounts;
}

const stateHash = (extractor: string, files: readonly ScannedFile[], goModules: readonly ScannedFile[]) =>
  hashCanonical({
    extractor,
    files: files.map((f) => [f.path, f.sha]),
    go: goModules.map((f) => [f.path, f.sha]),
  });

/** The rows for one file: its symbols and edges as extracted, every edge still to be resolved. */
async function readFile(root: string, file: ScannedFile, extractor: string): Promise<FileRows | "gone"> {
  const of = languageOf(file.path);
  if (!of) return "gone";
  const base = { path: file.path, language: of.language, content_sha: file.sha, namespace: null, extractor };
  const empty = (status: "too_large" | "unreadable"): FileRows => ({
    file: { ...base, status },
    symbols: [],
    edges: [],
    imports: [],
  });
  let text: string;
  try {
    if (statSync(join(root, file.path)).size > MAX_FILE_BYTES) return empty("too_large");
    text = readFileSync(join(root, file.path), "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "gone" : empty("unreadable");
  }
  let extracted: Awaited<ReturnType<typeof extractFile>>;
  try {
    extracted = await extractFile(file.path, text);
  } catch {
    return empty("unreadable");
  }
  if (!extracted) return "gone";
  const id = (qualified: string) => symbolId(of.language, file.path, qualified);
  return {
    file: { ...base, namespace: extracted.namespace, status: "indexed" },
    symbols: extracted.symbols.map((s) => ({
      symbol_id: id(s.qualified_name),
      path: file.path,
      language: of.language,
      ...s,
    })),
    edges: extracted.references.map((r, seq) => ({
      path: file.path,
      seq,
      from_symbol_id: r.from === null ? null : id(r.from),
      edge_type: r.edge_type,
      to_name: r.to_name,
      qualifier: r.qualifier,
      line: r.line,
      to_symbol_id: null,
      resolution: "unresolved",
      candidates: 0,
    })),
    imports: extracted.imports.map((i, seq) => ({
      path: file.path,
      seq,
      line: i.line,
      source: i.source,
      imported: i.imported,
      local_name: i.local,
      text: i.text,
      resolved_path: null,
    })),
  };
}

export async function reindexSymbols(db: Db, root: string, options: ReindexOptions): Promise<ReindexSummary> {
  const extractor = extractorVersion();
  const scan = scanSourceFiles(root);
  const desired = stateHash(extractor, scan.files, scan.goModules);
  const before = readIndexState(db);
  if (before?.complete && before.state_hash === desired)
    return {
      source: scan.source,
      unchanged: true,
      parsed: 0,
      removed: 0,
      skipped: scan.files.length,
      deferred: 0,
      complete: true,
      state_hash: desired,
      indexed_at: before.indexed_at,
      counts: indexCounts(db),
    };

  const stored = storedFiles(db);
  const listed = new Set(scan.files.map((f) => f.path));
  const removed = [...stored.keys()].filter((p) => !listed.has(p)).sort();
  const changed = scan.files.filter((f) => {
    const row = stored.get(f.path);
    return row?.content_sha !== f.sha || row.extractor !== extractor;
  });
  const rows: FileRows[] = [];
  let done = 0;
  for (const file of changed) {
    if (options.shouldStop?.()) break;
    const read = await readFile(root, file, extractor);
    if (read === "gone") removed.push(file.path);
    else rows.push(read);
    done += 1;
    options.onProgress?.(done, changed.length);
  }
  const deferred = changed.length - done;
  const indexed_at = options.clock.now().toISOString();
  const goModules = readGoModules(
    root,
    scan.goModules.map((f) => f.path),
  );
  const state = db
    .transaction(() => {
      // Changed files go first, so what is loaded is the untouched rest; the union is resolved in memory
      // and the new rows are written already resolved.
      removeFiles(db, [...removed, ...rows.map((r) => r.file.path)]);
      const kept = loadIndexRows(db);
      const resolved = resolveIndex({
        files: [...kept.files, ...rows.map((r) => r.file)],
        symbols: [...kept.symbols, ...rows.flatMap((r) => r.symbols)],
        edges: [...kept.edges, ...rows.flatMap((r) => r.edges)],
        imports: [...kept.imports, ...rows.flatMap((r) => r.imports)],
        goModules,
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
            (t.to_symbol_id !== e.to_symbol_id ||
              t.resolution !== e.resolution ||
              t.candidates !== e.candidates);
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
      const now = [...kept.files, ...rows.map((r) => r.file)]
        .map((f) => ({ path: f.path, sha: f.content_sha }))
        .sort((a, b) => (a.path < b.path ? -1 : 1));
      const complete = deferred === 0;
      // An incomplete index gets its own state: a verdict cached on it is not one on the finished index.
      const state_hash = complete ? desired : stateHash(`${extractor}:partial`, now, scan.goModules);
      writeIndexState(db, { state_hash, indexed_at, complete });
      return { state_hash, complete };
    })
    .immediate();
  return {
    source: scan.source,
    unchanged: false,
    parsed: rows.length,
    removed: removed.length,
    skipped: scan.files.length - changed.length,
    deferred,
    complete: state.complete,
    state_hash: state.state_hash,
    indexed_at,
    counts: indexCounts(db),
  };
}
