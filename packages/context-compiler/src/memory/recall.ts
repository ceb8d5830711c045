// recall: the episodic index of past runs, their compiles and session notes, ranked and returned as
// pointers (compile ids, run ids, note ids), never content. Never injected into compile_context.
import { type Clock, canonicalJson, type Db, systemClock, UserError } from "@archon/core";
import { aggregateTotals } from "../store/audit-aggregates.js";
import { loggedNearMisses, type NearMissCount } from "../store/audit-reads.js";
import { allNotes, noteFiles, notesOfRuns } from "../store/memory-notes.js";
import { compilesOfRuns, getRun, type RunRow, recentRuns } from "../store/memory-runs.js";
import { importPairs, supersededSince, textMatches } from "../store/memory-search.js";
import {
  blend,
  type ComponentScores,
  normalizeText,
  proximityScore,
  recencyScore,
} from "./recall-ranking.js";
import { indexSessionNotes } from "./session-notes.js";

export const RECENT_RUNS = { default: 10, max: 50 } as const;
/** The answer's size cap: an index of pointers should never cost what the rules themselves cost. */
export const RECALL_MAX_BYTES = 16_384;
const EXCERPT_CHARS = 160;

export interface RecallQuery {
  files?: readonly string[];
  run_id?: string;
  recent_runs?: number;
  search?: string;
  gaps?: boolean;
  /** Overrides RECALL_MAX_BYTES (tests, callers with their own budget). */
  max_bytes?: number;
}

export interface RecallHit {
  kind: "compile" | "note";
  /** A compile_id (follow it with get_compile_audit) or a note id. */
  id: string;
  run_id: string | null;
  at: string;
  files: string[];
  /** The compile's plan or the note's text, cut to a line's length. */
  excerpt: string;
  outcome: string | null;
  origin: "compile" | "manual" | "auto";
  score: number;
  scores: ComponentScores;
}

export interface RecallRun {
  run_id: string;
  started_at: string;
  last_seen_at: string;
  surface: string;
  session_id: string | null;
  compiles: number;
  files: string[];
}

export interface RecallResult {
  runs: RecallRun[];
  hits: RecallHit[];
  gaps?: NearMissCount[];
  truncated: boolean;
}

const excerpt = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;

function runsInScope(db: Db, query: RecallQuery): RunRow[] {
  if (query.run_id !== undefined) {
    const run = getRun(db, query.run_id);
    if (!run)
      throw new UserError(
        `No run with id "${query.run_id}" is in episodic memory.`,
        "Call recall without run_id to list recent runs and their ids.",
        "run_id",
      );
    return [run];
  }
  const n = query.recent_runs ?? RECENT_RUNS.default;
  if (!Number.isInteger(n) || n < 1 || n > RECENT_RUNS.max)
    throw new UserError(
      `recent_runs must be a whole number from 1 to ${RECENT_RUNS.max}, not ${n}.`,
      `Leave it out for the last ${RECENT_RUNS.default} runs.`,
      "recent_runs",
    );
  return recentRuns(db, n);
}

/** Notes are folded from observations as they are read; a database that cannot be written still answers. */
function foldNotes(db: Db): void {
  try {
    indexSessionNotes(db);
  } catch {
    // Read-only or locked: recall answers from what memory already holds.
  }
}

/** Near-miss counts per edge over the kept audit rows plus what prune-log folded into aggregates. */
function gapsOf(db: Db, files: readonly string[] | undefined): NearMissCount[] {
  const kept = loggedNearMisses(db, files);
  if (!files || files.length === 0) {
    for (const agg of aggregateTotals(db, "near_miss")) {
      const edge = JSON.parse(agg.subject) as { pattern: string; doc_ids: string[] };
      const same = kept.find(
        (k) => k.pattern === edge.pattern && canonicalJson(k.doc_ids) === canonicalJson(edge.doc_ids),
      );
      if (same) same.near_misses += agg.compiles;
      else kept.push({ ...edge, near_misses: agg.compiles, files: [] });
    }
  }
  return kept.sort(
    (a, b) => b.near_misses - a.near_misses || (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0),
  );
}

export function recall(db: Db, query: RecallQuery, clock: Clock = systemClock): RecallResult {
  foldNotes(db);
  const now = clock.now();
  const runs = runsInScope(db, query);
  const runIds = runs.map((r) => r.run_id);
  const compiles = compilesOfRuns(db, runIds);
  const notes = query.run_id !== undefined ? notesOfRuns(db, runIds) : allNotes(db);
  const hits = rankedHits(db, candidatesOf(db, compiles, notes), query, now);
  const result: RecallResult = {
    runs: runs.map((r) => {
      const own = compiles.filter((c) => c.run_id === r.run_id);
      return {
        ...r,
        compiles: own.length,
        files: [...new Set(own.flatMap((c) => c.files))].sort().slice(0, 20),
      };
    }),
    hits,
    ...(query.gaps ? { gaps: gapsOf(db, query.files) } : {}),
    truncated: false,
  };
  return fitBudget(result, query.max_bytes ?? RECALL_MAX_BYTES);
}

type CompileRow = ReturnType<typeof compilesOfRuns>[number];
type NoteRow = ReturnType<typeof allNotes>[number];

/** Compiles and notes as one kind of candidate, with what each cites and at which knowledge version. */
function candidatesOf(db: Db, compiles: readonly CompileRow[], notes: readonly NoteRow[]) {
  return [
    ...compiles.map((c) => ({
      kind: "compile" as const,
      id: c.compile_id,
      run_id: c.run_id,
      at: c.created_at,
      files: c.files,
      excerpt: excerpt(c.plan ?? ""),
      outcome: null,
      origin: "compile" as const,
      cited: c.doc_ids,
      version: c.knowledge_version,
    })),
    ...notes.map((n) => ({
      kind: "note" as const,
      id: n.note_id,
      run_id: n.run_id,
      at: n.last_seen_at,
      files: noteFiles(db, n.note_id),
      excerpt: excerpt(n.text),
      outcome: n.outcome,
      origin: n.origin,
      cited: n.doc_ids,
      version: n.knowledge_version,
    })),
  ];
}

/** Each candidate scored on text, recency and file proximity; a filter given keeps only what meets it. */
function rankedHits(
  db: Db,
  candidates: ReturnType<typeof candidatesOf>,
  query: RecallQuery,
  now: Date,
): RecallHit[] {
  const queryFiles = [...(query.files ?? [])];
  const search = query.search?.trim() ?? "";
  const text = search === "" ? new Map<string, number>() : normalizeText(textMatches(db, search));
  const imports = importPairs(db, queryFiles);
  const hits: RecallHit[] = [];
  for (const { cited, version, ...c } of candidates) {
    const scores: ComponentScores = {
      text: text.get(c.id) ?? 0,
      recency: Math.round(recencyScore(c.at, now) * 1e6) / 1e6,
      proximity: proximityScore(queryFiles, c.files, imports),
      superseded: supersededSince(db, cited, version).length > 0,
    };
    // A filter given is a filter kept: no text match, or no file nearby, is not a hit.
    if (search !== "" && scores.text === 0) continue;
    if (queryFiles.length > 0 && scores.proximity === 0) continue;
    hits.push({ ...c, score: blend(scores), scores });
  }
  return hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Drops the lowest-ranked hits, then the oldest runs and gaps, until the answer fits; says so. */
function fitBudget(result: RecallResult, maxBytes: number): RecallResult {
  const size = (r: RecallResult) => Buffer.byteLength(canonicalJson(r));
  if (size(result) <= maxBytes) return result;
  const out: RecallResult = { ...result, hits: [...result.hits], runs: [...result.runs], truncated: true };
  if (out.gaps) out.gaps = [...out.gaps];
  while (size(out) > maxBytes && out.hits.length > 0) out.hits.pop();
  while (size(out) > maxBytes && out.gaps && out.gaps.length > 0) out.gaps.pop();
  while (size(out) > maxBytes && out.runs.length > 0) out.runs.pop();
  return out;
}
