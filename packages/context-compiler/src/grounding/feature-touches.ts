// What a feature touches, read from the symbol index: the files and symbols whose names carry the feature's
// words, the callers of those symbols, and the tests to run first (the code layer's affected-tests ranking).
import type { Db } from "@archon/core";
import { indexedAffectedTests } from "../code/verify/affected-tests-index.js";
import { isTestFile } from "../code/verify/test-files.js";
import { edgesTo, indexedFiles, symbolsInFile } from "../store/symbol-queries.js";
import type { SymbolRow } from "../store/symbols.js";
import { featureTerms, matchedTerms, splitWords } from "./terms.js";

export const MAX_TOUCHED_FILES = 10;
export const MAX_TOUCHED_SYMBOLS = 15;
export const MAX_CALLERS = 5;
/** Files scanned for names: bounds the work on a very large index. */
export const MAX_SCANNED_FILES = 5_000;

export interface TouchedSymbol {
  symbol_id: string;
  name: string;
  kind: string;
  path: string;
  line: number;
  callers: { symbol_id: string | null; path: string; line: number }[];
}

export interface FeatureTouches {
  terms: string[];
  files: { path: string; score: number; matched: string[] }[];
  symbols: TouchedSymbol[];
  affected_tests: { path: string; score: number }[];
  /** Class and interface names of the whole index (what a data model may reference as existing). */
  entities: string[];
}

interface Scored {
  path: string;
  score: number;
  matched: string[];
  symbols: { row: SymbolRow; matched: number }[];
}

/** Ranks files by the feature words their path (1 each) and their symbols' names (0.5 each) carry. */
export function featureTouches(db: Db, root: string, feature: string): FeatureTouches {
  const terms = featureTerms(feature);
  const files = indexedFiles(db).slice(0, MAX_SCANNED_FILES);
  const entities = new Set<string>();
  const scored: Scored[] = [];
  for (const file of files) {
    const rows = symbolsInFile(db, file.path);
    for (const r of rows) if (r.kind === "class" || r.kind === "interface") entities.add(r.name);
    if (terms.length === 0 || isTestFile(file.path)) continue;
    const byPath = matchedTerms(splitWords(file.path), terms);
    const symbols = rows
      .map((row) => ({ row, matched: matchedTerms(splitWords(row.name), terms).length }))
      .filter((s) => s.matched > 0);
    const bySymbols = new Set(symbols.flatMap((s) => matchedTerms(splitWords(s.row.name), terms)));
    const score = byPath.length + 0.5 * [...bySymbols].filter((t) => !byPath.includes(t)).length;
    if (score > 0)
      scored.push({ path: file.path, score, matched: [...new Set([...byPath, ...bySymbols])], symbols });
  }
  scored.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
  const top = scored.slice(0, MAX_TOUCHED_FILES);
  const symbols = top
    .flatMap((f) => f.symbols)
    .sort((a, b) => b.matched - a.matched || (a.row.symbol_id < b.row.symbol_id ? -1 : 1))
    .slice(0, MAX_TOUCHED_SYMBOLS)
    .map(({ row }) => ({
      symbol_id: row.symbol_id,
      name: row.qualified_name,
      kind: row.kind,
      path: row.path,
      line: row.start_line,
      callers: edgesTo(db, row.symbol_id, "calls")
        .slice(0, MAX_CALLERS)
        .map((e) => ({ symbol_id: e.from_symbol_id, path: e.path, line: e.line })),
    }));
  const changed = top.map((f) => f.path);
  const tests =
    changed.length === 0
      ? []
      : indexedAffectedTests(
          db,
          root,
          changed.map((path) => ({ path, added: null })),
          [],
        ).tests.map((t) => ({ path: t.path, score: t.score }));
  return {
    terms,
    files: top.map(({ path, score, matched }) => ({ path, score, matched })),
    symbols,
    affected_tests: tests.slice(0, MAX_TOUCHED_FILES),
    entities: [...entities].sort().slice(0, 500),
  };
}
