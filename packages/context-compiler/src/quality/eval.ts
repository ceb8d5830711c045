// eval: delivery quality from the audit log and its aggregates. Missed deliveries (compile misses, and
// review corrections that cite a compile), unnecessary deliveries (delivered, never cited by an
// observation or a session note, never read after the compile), and budget waste (inline bytes spent on
// documents nobody cited or read).
import type { Db } from "@archon/core";
import type { ReadRecord } from "../hooks/read-log.js";
import { aggregateTotals } from "../store/audit-aggregates.js";
import { type LoggedCompile, loggedCompiles } from "../store/audit-reads.js";
import { documentFacts, getDocument } from "../store/documents.js";
import { allNotes } from "../store/memory-notes.js";
import { compileSessions } from "../store/memory-runs.js";
import { listObservations } from "../store/observations.js";
import { type ReadDelivery, readDeliveries, withFolded } from "./delivery-reads.js";

export interface MissedDelivery {
  observation_id: string;
  event_type: "compile_miss" | "review_correction";
  doc_id: string | null;
  files: string[];
  compile_id: string | null;
  created_at: string;
}

export interface UnnecessaryDelivery {
  doc_id: string;
  delivered: number;
  inline: number;
  deferred: number;
}

export interface EvalReport {
  compiles: { kept: number; folded: number; failed: number };
  missed: MissedDelivery[];
  unnecessary: UnnecessaryDelivery[];
  /**
   * Documents whose source file the agent read after a delivery (the read hooks' records), with the counts
   * prune-log folded for the rows it deleted.
   */
  read: ReadDelivery[];
  budget: {
    inline_bytes: number;
    max_inline_bytes: number;
    utilization: number;
    /** Inline bytes (at today's sizes) of documents no observation or note ever cited, nor any read followed. */
    uncited_inline_bytes: number;
    waste_share: number;
    compiles_with_omissions: number;
  };
}

/** Enough for any real backlog; eval is a report, not a stream. */
const OBSERVATION_LIMIT = 1_000_000;
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

function missedDeliveries(db: Db): MissedDelivery[] {
  const misses = listObservations(db, { event_type: "compile_miss", limit: OBSERVATION_LIMIT }).map((o) => ({
    observation_id: o.observation_id,
    event_type: "compile_miss" as const,
    doc_id: str(o.payload.target_doc_id) ?? str(o.payload.missing_doc),
    files: strings(o.payload.target_files),
    compile_id: str(o.payload.compile_id),
    created_at: o.created_at,
  }));
  // A correction is a missed delivery only when it says which compile gave the wrong rule.
  const corrections = listObservations(db, { event_type: "review_correction", limit: OBSERVATION_LIMIT })
    .filter((o) => str(o.payload.compile_id) !== null)
    .map((o) => ({
      observation_id: o.observation_id,
      event_type: "review_correction" as const,
      doc_id: str(o.payload.target_doc_id),
      files: strings(o.payload.target_files),
      compile_id: str(o.payload.compile_id),
      created_at: o.created_at,
    }));
  return [...misses, ...corrections].sort((a, b) =>
    a.created_at === b.created_at
      ? a.observation_id < b.observation_id
        ? -1
        : 1
      : a.created_at < b.created_at
        ? -1
        : 1,
  );
}

/** Documents some observation or note names: by target_doc_id, missing_doc or doc_ids. */
function citedDocuments(db: Db): Set<string> {
  const cited = new Set<string>();
  for (const o of listObservations(db, { limit: OBSERVATION_LIMIT })) {
    for (const id of [
      str(o.payload.target_doc_id),
      str(o.payload.missing_doc),
      ...strings(o.payload.doc_ids),
    ])
      if (id) cited.add(id);
  }
  for (const n of allNotes(db)) for (const id of n.doc_ids) cited.add(id);
  return cited;
}

/** The compiles eval reads, and the session of each that has one. */
export interface CompileSource {
  compiles: readonly LoggedCompile[];
  sessions: ReadonlyMap<string, string>;
}

/** This database's own kept audit rows: what eval reads unless told otherwise. */
export const ownCompiles = (db: Db): CompileSource => ({
  compiles: loggedCompiles(db),
  sessions: compileSessions(db),
});

/**
 * `reads` are the read hooks' records (hooks/read-log.ts); without them only folded reads count. `source`
 * is the compiles to judge (team-wide eval adds those replicas shipped); observations, notes, folded
 * aggregates and documents are always `db`'s.
 */
export function evaluate(
  db: Db,
  reads: readonly ReadRecord[] = [],
  source: CompileSource = ownCompiles(db),
): EvalReport {
  const { compiles, sessions } = source;
  const sourceOf = (docId: string) => getDocument(db, docId)?.source_path ?? undefined;
  const read = readsWithFolded(db, readDeliveries({ compiles, sessions, sourceOf, reads }), sourceOf);
  const wasRead = new Set(read.map((d) => d.doc_id));
  const folded = aggregateTotals(db, "compiles")[0];
  const cited = citedDocuments(db);
  const delivered = deliveriesPerDocument(db, compiles);
  const unnecessary = delivered.perDoc
    .filter((d) => d.delivered > 0 && !cited.has(d.doc_id) && !wasRead.has(d.doc_id))
    .sort((a, b) => b.delivered - a.delivered || (a.doc_id < b.doc_id ? -1 : 1));
  return {
    compiles: {
      kept: compiles.length,
      folded: folded?.compiles ?? 0,
      failed: compiles.filter((c) => c.status === "error").length + (folded?.errors ?? 0),
    },
    missed: missedDeliveries(db),
    unnecessary,
    read,
    budget: budgetOf(db, compiles, folded, unnecessary, delivered.withOmissions),
  };
}

/** The kept reads, with those prune-log folded for the rows it deleted: those documents were read all the same. */
function readsWithFolded(
  db: Db,
  kept: ReadDelivery[],
  sourceOf: (docId: string) => string | undefined,
): ReadDelivery[] {
  const foldedReads = new Map(aggregateTotals(db, "read").map((a) => [a.subject, a.compiles]));
  const foldedDeliveries = aggregateTotals(db, "delivery").map((a) => ({
    doc_id: a.subject,
    delivered: a.inline + a.deferred,
    read: foldedReads.get(a.subject) ?? 0,
  }));
  return withFolded(kept, foldedDeliveries, sourceOf);
}

/** Deliveries per document over the kept compiles and the folded aggregates, and how many compiles omitted one. */
function deliveriesPerDocument(
  db: Db,
  compiles: readonly LoggedCompile[],
): { perDoc: UnnecessaryDelivery[]; withOmissions: number } {
  const perDoc = new Map<string, UnnecessaryDelivery>();
  const add = (doc_id: string, inline: number, deferred: number) => {
    const d = perDoc.get(doc_id) ?? { doc_id, delivered: 0, inline: 0, deferred: 0 };
    d.inline += inline;
    d.deferred += deferred;
    d.delivered += inline + deferred;
    perDoc.set(doc_id, d);
  };
  let withOmissions = 0;
  for (const c of compiles) {
    for (const d of c.deliveries)
      add(d.doc_id, d.delivery === "inline" ? 1 : 0, d.delivery === "deferred" ? 1 : 0);
    if (c.deliveries.some((d) => d.delivery === "omitted")) withOmissions += 1;
  }
  for (const agg of aggregateTotals(db, "delivery")) add(agg.subject, agg.inline, agg.deferred);
  return { perDoc: [...perDoc.values()], withOmissions };
}

/** Inline bytes spent against the bound, and the share spent (at today's sizes) on documents nobody used. */
function budgetOf(
  db: Db,
  compiles: readonly LoggedCompile[],
  folded: ReturnType<typeof aggregateTotals>[number] | undefined,
  unnecessary: readonly UnnecessaryDelivery[],
  withOmissions: number,
): EvalReport["budget"] {
  const bytes = new Map(documentFacts(db).map((d) => [d.doc_id, d.content_bytes]));
  const inline_bytes = compiles.reduce((s, c) => s + c.inline_bytes, 0) + (folded?.inline_bytes ?? 0);
  const max_inline_bytes =
    compiles.reduce((s, c) => s + c.max_inline_bytes, 0) + (folded?.max_inline_bytes ?? 0);
  const uncited = unnecessary.reduce((s, d) => s + d.inline * (bytes.get(d.doc_id) ?? 0), 0);
  return {
    inline_bytes,
    max_inline_bytes,
    utilization: ratio(inline_bytes, max_inline_bytes),
    uncited_inline_bytes: uncited,
    waste_share: ratio(Math.min(uncited, inline_bytes), inline_bytes),
    compiles_with_omissions: withOmissions,
  };
}
