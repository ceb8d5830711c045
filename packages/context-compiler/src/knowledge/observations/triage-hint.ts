// The triage hint a compile_miss answers with: what is true of the document it names, or the path patterns
// that exist near the target files but missed them.
import type { Db } from "@archon/core";
import { normalizeRepoPath } from "../../read/glob.js";
import type { KnowledgeIndex } from "../../read/knowledge-index.js";
import { getDocument } from "../../store/documents.js";
import { type Channel, step } from "../next-step.js";

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

/** Every live way the index can deliver `docId`: its path globs, layers, commands and the documents needing it. */
function wiringOf(index: KnowledgeIndex, docId: string): string[] {
  const names = (edges: Iterable<[string, readonly { target_doc_id: string }[]]>) =>
    [...edges].filter(([, list]) => list.some((e) => e.target_doc_id === docId)).map(([name]) => name);
  const globs = index.pathEdges.entries().filter((e) => e.items.some((edge) => edge.target_doc_id === docId));
  const layers = names(index.layerEdges).sort();
  const commands = names(index.commandEdges).sort();
  const dependents = names(index.dependencies).sort();
  return [
    ...(globs.length > 0 ? [`path glob(s) ${globs.map((g) => g.pattern).join(", ")}`] : []),
    ...(layers.length > 0 ? [`layer(s) ${layers.join(", ")}`] : []),
    ...(commands.length > 0 ? [`command(s) ${commands.join(", ")}`] : []),
    ...(dependents.length > 0 ? [`the documents depending on it (${dependents.join(", ")})`] : []),
  ];
}

/** What a compile_miss that names a document should know about it: missing, not approved, unwired, or wired elsewhere. */
function documentHint(db: Db, index: KnowledgeIndex, channel: Channel, files: string[], docId: string) {
  const doc = getDocument(db, docId);
  const where = files.join(", ");
  const propose = `${step(channel, "process_observations")} proposes one from this observation`;
  if (!doc)
    return `${docId} does not exist: no document has that doc_id, so no edge can deliver it. Write the rule first (${step(channel, "import_doc")}), then observe again with its doc_id.`;
  if (doc.status !== "approved")
    return `${docId} exists but is ${doc.status}, not approved: nothing delivers it until a person approves it (${step(channel, "list_proposals")}).`;
  const reached = files.filter((file) =>
    index.pathEdges.match(file).some((hit) => hit.items.some((edge) => edge.target_doc_id === docId)),
  );
  if (files.length > 0 && reached.length === files.length)
    return `${docId} already matches ${where} by a path glob: the edge is there, so the miss lies elsewhere (compile with include_debug to see budget drops and relevance).`;
  const wiring = wiringOf(index, docId);
  if (wiring.length === 0)
    return `${docId} exists and is approved but nothing wires it to any file: add a path glob (a path_requires edge) covering ${where}; ${propose}.`;
  return `${docId} is wired only by ${wiring.join("; ")}, and none of that reaches ${where}: widen one of those globs or add one covering these files; ${propose}.`;
}

/** One sentence for the agent: the truth about the named document, which near misses to check, or that an edge is needed. */
export function triageHint(
  ctx: { db: Db; channel: Channel },
  index: KnowledgeIndex,
  targetFiles: readonly string[],
  docId?: string,
): string {
  if (docId !== undefined) return documentHint(ctx.db, index, ctx.channel, [...targetFiles], docId);
  const misses = nearMissesFor(index, targetFiles);
  if (misses.length === 0) {
    return `No path_requires pattern is near target_files — if a rule should apply here, it needs a new edge: give target_doc_id (or missing_doc) so ${step(ctx.channel, "process_observations")} can propose one.`;
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
