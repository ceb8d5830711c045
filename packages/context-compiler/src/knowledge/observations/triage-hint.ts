// The triage hint a compile_miss answers with: path patterns that exist near the target files but missed them.
import { normalizeRepoPath } from "../../read/glob.js";
import type { KnowledgeIndex } from "../../read/knowledge-index.js";

const NEAR_MISSES_PER_FILE = 5;
const MAX_LISTED = 5;

export interface NearMiss {
  pattern: string;
  doc_ids: string[];
}

/**
 * Near-miss patterns over all target files, nearest first. A pattern that matches any of the target
 * files is left out: its documents were delivered, so it cannot be what the compile missed.
 */
export function nearMissesFor(index: KnowledgeIndex, targetFiles: readonly string[]): NearMiss[] {
  const files = targetFiles.flatMap((f) => normalizeRepoPath(f) ?? []);
  const matched = new Set(files.flatMap((f) => index.pathEdges.match(f).map((hit) => hit.pattern)));
  const found = new Map<string, Set<string>>();
  for (const file of files) {
    for (const miss of index.pathEdges.nearMisses(file, NEAR_MISSES_PER_FILE)) {
      if (matched.has(miss.pattern)) continue;
      const docs = found.get(miss.pattern) ?? new Set<string>();
      for (const edge of miss.items) docs.add(edge.target_doc_id);
      found.set(miss.pattern, docs);
    }
  }
  return [...found].map(([pattern, docs]) => ({ pattern, doc_ids: [...docs].sort() }));
}

/** One sentence for the agent: which near misses to check, or that a new edge is needed. */
export function triageHint(index: KnowledgeIndex, targetFiles: readonly string[]): string {
  const misses = nearMissesFor(index, targetFiles);
  if (misses.length === 0) {
    return "No path_requires pattern is near target_files — if a rule should apply here, it needs a new edge: give target_doc_id (or missing_doc) so process_observations can propose one.";
  }
  const edges = misses.reduce((n, m) => n + m.doc_ids.length, 0);
  const listed = misses
    .slice(0, MAX_LISTED)
    .map((m) => `${m.pattern} (${m.doc_ids.length === 1 ? "doc" : "docs"} ${m.doc_ids.join(", ")})`);
  const more = misses.length > MAX_LISTED ? ` and ${misses.length - MAX_LISTED} more pattern(s)` : "";
  const exist = edges === 1 ? "1 near-miss edge exists" : `${edges} near-miss edges exist`;
  const which = edges === 1 ? "it" : "one of them";
  return `${exist} for ${listed.join(", ")}${more} — check whether target_files should match ${which}`;
}
