// The evidence that a feature touches a file, one kind per function, each with the sentence that explains
// it: the file's names, the rules' areas, the schema, the call and import graph, and git co-change.
import type { Db } from "@archon/core";
import { coChanges } from "../code/verify/co-change.js";
import { isGlobSegment, makeMatcher, specificity } from "../read/glob.js";
import { edgesTo, importsResolvingTo, symbolsInFile } from "../store/symbol-queries.js";
import type { SymbolRow } from "../store/symbols.js";
import type { SchemaTable } from "./known-tables.js";
import { matchedTerms, splitWords } from "./terms.js";

/** What is known of one candidate file: its score, the feature terms it carries and why it was picked. */
export interface Evidence {
  score: number;
  matched: Set<string>;
  reasons: string[];
}

export type EvidenceMap = Map<string, Evidence>;

/** Weights: a name or area naming a feature word is as strong as a link to a file that does. */
export const WEIGHT = { path: 1, symbolTerm: 0.5, area: 1, schema: 1, graph: 1, coChange: 1 } as const;
const MAX_NAMES_IN_REASON = 3;

export function add(map: EvidenceMap, path: string, score: number, reason: string, terms: string[] = []) {
  const entry = map.get(path) ?? { score: 0, matched: new Set<string>(), reasons: [] };
  entry.score += score;
  for (const t of terms) entry.matched.add(t);
  if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
  map.set(path, entry);
}

const quoted = (terms: readonly string[]) => terms.map((t) => `"${t}"`).join(", ");

/** Path words (1 a term) and symbol names (0.5 a term the path does not carry already). */
export function nameEvidence(map: EvidenceMap, path: string, rows: readonly SymbolRow[], terms: string[]) {
  const byPath = matchedTerms(splitWords(path), terms);
  if (byPath.length > 0)
    add(map, path, WEIGHT.path * byPath.length, `its path names ${quoted(byPath)}`, byPath);
  const named = rows.filter((r) => matchedTerms(splitWords(r.name), terms).length > 0);
  const bySymbols = [...new Set(named.flatMap((r) => matchedTerms(splitWords(r.name), terms)))].filter(
    (t) => !byPath.includes(t),
  );
  if (bySymbols.length === 0) return;
  const names = [...new Set(named.map((r) => `\`${r.name}\``))].slice(0, MAX_NAMES_IN_REASON).join(", ");
  add(map, path, WEIGHT.symbolTerm * bySymbols.length, `it defines ${names}`, bySymbols);
}

/** A glob at least this specific (two literal folders) marks an area; `lib/**` marks half a project. */
const MIN_AREA_SPECIFICITY = 4;

/**
 * The rules name the feature's area: a rule whose title names a feature word, or whose glob's folders do,
 * governs the files under its specific globs (so a route is found even when its own path says nothing).
 */
export function areaEvidence(
  map: EvidenceMap,
  files: readonly string[],
  globs: readonly { pattern: string; doc_id: string; title: string }[],
  terms: string[],
) {
  for (const { pattern, doc_id, title } of globs) {
    if (pattern.startsWith("!") || specificity(pattern) < MIN_AREA_SPECIFICITY) continue;
    const literal = pattern.split("/").filter((s) => !isGlobSegment(s));
    const named = [
      ...new Set([
        ...matchedTerms(literal.flatMap(splitWords), terms),
        ...matchedTerms(splitWords(title), terms),
      ]),
    ];
    if (named.length === 0) continue;
    const inside = makeMatcher(pattern);
    for (const path of files) {
      if (inside(path)) add(map, path, WEIGHT.area, `rule ${doc_id} governs its area \`${pattern}\``, named);
    }
  }
}

/** Schema files declaring a table named by a feature word (the migration a new column goes beside). */
export function schemaEvidence(map: EvidenceMap, tables: readonly SchemaTable[], terms: string[]) {
  for (const { table, path } of tables) {
    const named = matchedTerms(splitWords(table), terms);
    if (named.length > 0) add(map, path, WEIGHT.schema, `it declares the table \`${table}\``, named);
  }
}

/** Files calling into, or importing, a file already picked: what changing that file would reach (impact). */
export function graphEvidence(
  db: Db,
  map: EvidenceMap,
  picked: readonly string[],
  accept: (path: string) => boolean,
) {
  for (const target of picked) {
    // One link per calling file and target, however many of the target's symbols it calls.
    const called = new Map<string, Set<string>>();
    for (const symbol of symbolsInFile(db, target)) {
      for (const edge of edgesTo(db, symbol.symbol_id, "calls")) {
        if (edge.path === target || !accept(edge.path)) continue;
        called.set(edge.path, (called.get(edge.path) ?? new Set()).add(`\`${symbol.qualified_name}\``));
      }
    }
    for (const [path, names] of called) {
      const list = [...names].slice(0, MAX_NAMES_IN_REASON).join(", ");
      add(map, path, WEIGHT.graph, `it calls ${list} of ${target}`);
    }
  }
  for (const row of importsResolvingTo(db, picked)) {
    if (row.resolved_path === null || row.path === row.resolved_path || !accept(row.path)) continue;
    const already = map.get(row.path)?.reasons.some((r) => r.endsWith(` of ${row.resolved_path}`));
    if (!already) add(map, row.path, WEIGHT.graph, `it imports ${row.resolved_path}`);
  }
}

/** Files git history changes together with a file already picked, weighted by how often they do. */
export function coChangeEvidence(
  root: string,
  map: EvidenceMap,
  picked: readonly string[],
  accept: (path: string) => boolean,
) {
  const pickedSet = new Set(picked);
  for (const c of coChanges(root, picked, (p) => accept(p) && !pickedSet.has(p))) {
    add(
      map,
      c.partner,
      WEIGHT.coChange * c.score,
      `it changed together with ${c.file} in ${c.together} commits`,
    );
  }
}
