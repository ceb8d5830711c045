// What a feature touches, chosen with Archon's own evidence: the files whose names carry the feature's
// words, the areas the rules' globs mark, the schema declaring its tables, then the files calling into,
// importing or changing with those; ranked, each with the reasons it was picked, and the tests to run first.
import type { Db } from "@archon/core";
import { indexedAffectedTests } from "../code/verify/affected-tests-index.js";
import { isTestFile } from "../code/verify/test-files.js";
import { loadKnowledge } from "../store/load-knowledge.js";
import { edgesTo, indexedFiles, symbolsInFile } from "../store/symbol-queries.js";
import type { SymbolRow } from "../store/symbols.js";
import type { SchemaTable } from "./known-tables.js";
import { featureTerms, matchedTerms, splitWords } from "./terms.js";
import {
  areaEvidence,
  coChangeEvidence,
  type EvidenceMap,
  graphEvidence,
  nameEvidence,
  schemaEvidence,
} from "./touch-evidence.js";

/** A safety bound, not a choice: the evidence decides the length of the list. */
export const MAX_TOUCHED_FILES = 40;
export const MAX_TOUCHED_SYMBOLS = 15;
export const MAX_CALLERS = 5;
export const MAX_AFFECTED_TESTS = 10;
/** Files scanned for names: bounds the work on a very large index. */
export const MAX_SCANNED_FILES = 5_000;
/** A file is picked on at least this much evidence: one name in it matching one word is too little alone. */
export const MIN_SCORE = 1;
/** A term more files carry than this (and than a quarter of the code) is too common to choose files by. */
const COMMON_TERM_FILES = 12;

export interface TouchedSymbol {
  symbol_id: string;
  name: string;
  kind: string;
  path: string;
  line: number;
  callers: { symbol_id: string | null; path: string; line: number }[];
}

export interface TouchedFile {
  path: string;
  score: number;
  /** The feature's terms this file carries (in its names, its area or its tables). */
  matched: string[];
  /** Why this file was picked, one sentence per piece of evidence. */
  reasons: string[];
}

export interface FeatureTouches {
  terms: string[];
  /** Terms left out of the choice because too many files carry them. */
  common_terms: string[];
  files: TouchedFile[];
  /** Files with enough evidence that the safety bound left out. */
  files_left_out: number;
  symbols: TouchedSymbol[];
  affected_tests: { path: string; score: number }[];
  /** Class and interface names of the whole index (types the drafts may name; never tables). */
  entities: string[];
}

/** Terms carried by so many files' names that they would pick half the project. */
function commonTerms(names: readonly string[][], terms: string[]): string[] {
  const limit = Math.max(COMMON_TERM_FILES, names.length / 4);
  return terms.filter((t) => names.filter((words) => matchedTerms(words, [t]).length > 0).length > limit);
}

/** The rules' path globs with the rule each belongs to and its title. */
function ruleGlobs(db: Db): { pattern: string; doc_id: string; title: string }[] {
  const { documents, edges } = loadKnowledge(db).rows;
  const titles = new Map(documents.map((d) => [d.doc_id, d.title]));
  return edges
    .filter((e) => e.edge_type === "path_requires")
    .map((e) => ({
      pattern: e.source_value,
      doc_id: e.target_doc_id,
      title: titles.get(e.target_doc_id) ?? "",
    }));
}

function ranked(map: EvidenceMap) {
  return [...map]
    .map(([path, e]) => ({
      path,
      score: Math.round(e.score * 1000) / 1000,
      matched: [...e.matched],
      reasons: e.reasons,
    }))
    .filter((f) => f.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
}

export function featureTouches(
  db: Db,
  root: string,
  feature: string,
  schema: readonly SchemaTable[],
): FeatureTouches {
  const allTerms = featureTerms(feature);
  const code = indexedFiles(db)
    .slice(0, MAX_SCANNED_FILES)
    .map((f) => f.path);
  const rowsOf = new Map<string, SymbolRow[]>(code.map((path) => [path, symbolsInFile(db, path)]));
  const sources = code.filter((p) => !isTestFile(p));
  const common = commonTerms(
    sources.map((p) => splitWords(p)),
    allTerms,
  );
  const terms = allTerms.filter((t) => !common.includes(t));
  const candidateSet = new Set([...sources, ...schema.map((t) => t.path)]);
  const candidates = [...candidateSet];
  const accept = (path: string) => candidateSet.has(path);
  const map: EvidenceMap = new Map();
  if (terms.length > 0) {
    for (const path of candidates) nameEvidence(map, path, rowsOf.get(path) ?? [], terms);
    areaEvidence(map, candidates, ruleGlobs(db), terms);
    schemaEvidence(map, schema, terms);
    // The files the feature's words name are the seeds; what reaches them is the feature's too.
    const seeds = ranked(map).map((f) => f.path);
    graphEvidence(db, map, seeds, accept);
    coChangeEvidence(root, map, seeds, accept);
  }
  const all = ranked(map);
  const files = all.slice(0, MAX_TOUCHED_FILES);
  return {
    terms: allTerms,
    common_terms: common,
    files,
    files_left_out: all.length - files.length,
    symbols: touchedSymbols(db, files, rowsOf, terms),
    affected_tests: testsToRunFirst(
      db,
      root,
      files.map((f) => f.path).filter((p) => rowsOf.has(p)),
    ),
    entities: entitiesOf(rowsOf),
  };
}

/** The picked files' symbols whose names carry the most terms, each with its first callers. */
function touchedSymbols(
  db: Db,
  files: readonly TouchedFile[],
  rowsOf: ReadonlyMap<string, SymbolRow[]>,
  terms: readonly string[],
): TouchedSymbol[] {
  return files
    .flatMap((f) =>
      (rowsOf.get(f.path) ?? [])
        .map((row) => ({ row, matched: matchedTerms(splitWords(row.name), terms).length }))
        .filter((s) => s.matched > 0),
    )
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
}

/** The tests a change to the picked indexed files would affect, as verify_done ranks them. */
function testsToRunFirst(db: Db, root: string, changed: readonly string[]): FeatureTouches["affected_tests"] {
  if (changed.length === 0) return [];
  return indexedAffectedTests(
    db,
    root,
    changed.map((path) => ({ path, added: null })),
    [],
  )
    .tests.map((t) => ({ path: t.path, score: t.score }))
    .slice(0, MAX_AFFECTED_TESTS);
}

/** Class and interface names of the whole index. */
function entitiesOf(rowsOf: ReadonlyMap<string, SymbolRow[]>): string[] {
  const entities = new Set<string>();
  for (const rows of rowsOf.values())
    for (const r of rows) if (r.kind === "class" || r.kind === "interface") entities.add(r.name);
  return [...entities].sort().slice(0, 500);
}
