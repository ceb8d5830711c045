// Which deliveries the agent followed by opening the document's source file (the Read hook's records):
// a deferred document is listed by path and read with the agent's own tool, so only its read shows use.
import { posix } from "node:path";
import type { ReadRecord } from "../hooks/read-log.js";
import { parseSourceRef } from "../read/source-anchor.js";
import type { LoggedCompile } from "../store/audit-reads.js";

export interface ReadDelivery {
  doc_id: string;
  /** The file part of the document's source_path, as the read records name it. */
  source_path: string;
  /** Inline and deferred deliveries in the kept audit rows. */
  delivered: number;
  /** Those followed by a read of source_path at or after the compile, in its session when both have one. */
  read: number;
}

export interface ReadInputs {
  compiles: readonly LoggedCompile[];
  /** The session of each compile whose run learned one. */
  sessions: ReadonlyMap<string, string>;
  /** A document's source_path (anchor included), or undefined for a database-only one. */
  sourceOf: (docId: string) => string | undefined;
  reads: readonly ReadRecord[];
}

const fileOf = (sourcePath: string) => posix.normalize(parseSourceRef(sourcePath).path.replace(/\\/g, "/"));

const byReadThenId = (a: ReadDelivery, b: ReadDelivery) => b.read - a.read || (a.doc_id < b.doc_id ? -1 : 1);

/** Per document with a read delivery, how often it was delivered and read; most read first, then doc_id. */
export function readDeliveries(inputs: ReadInputs): ReadDelivery[] {
  const byPath = new Map<string, ReadRecord[]>();
  for (const r of inputs.reads) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  const perDoc = new Map<string, ReadDelivery>();
  for (const c of inputs.compiles) {
    const session = inputs.sessions.get(c.compile_id);
    for (const d of c.deliveries) {
      if (d.delivery === "omitted") continue;
      const source = inputs.sourceOf(d.doc_id);
      if (source === undefined) continue;
      const path = fileOf(source);
      const entry = perDoc.get(d.doc_id) ?? { doc_id: d.doc_id, source_path: path, delivered: 0, read: 0 };
      entry.delivered += 1;
      // Another session's read says nothing about this compile; a side without a session cannot tell.
      const followed = (byPath.get(path) ?? []).some(
        (r) =>
          r.at >= c.created_at &&
          (session === undefined || r.session_id === null || r.session_id === session),
      );
      if (followed) entry.read += 1;
      perDoc.set(d.doc_id, entry);
    }
  }
  return [...perDoc.values()].filter((d) => d.read > 0).sort(byReadThenId);
}

/** Per day of the compiles and document, the deliveries a read followed: what prune-log folds. */
export function dailyReads(inputs: ReadInputs): { day: string; doc_id: string; read: number }[] {
  const days = new Map<string, LoggedCompile[]>();
  for (const c of inputs.compiles) {
    const day = c.created_at.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), c]);
  }
  return [...days].flatMap(([day, compiles]) =>
    readDeliveries({ ...inputs, compiles }).map((d) => ({ day, doc_id: d.doc_id, read: d.read })),
  );
}

/** What prune-log folded for one document: its deliveries (inline and deferred) and how many a read followed. */
export interface FoldedDeliveries {
  doc_id: string;
  delivered: number;
  read: number;
}

/**
 * `kept` (readDeliveries over the kept rows) with the folded counts added, so a document read before a
 * prune is still read after it, with the same counts.
 */
export function withFolded(
  kept: readonly ReadDelivery[],
  folded: readonly FoldedDeliveries[],
  sourceOf: (docId: string) => string | undefined,
): ReadDelivery[] {
  const perDoc = new Map(kept.map((d) => [d.doc_id, { ...d }]));
  for (const f of folded) {
    let entry = perDoc.get(f.doc_id);
    const source = sourceOf(f.doc_id);
    if (!entry && f.read > 0 && source !== undefined) {
      entry = { doc_id: f.doc_id, source_path: fileOf(source), delivered: 0, read: 0 };
      perDoc.set(f.doc_id, entry);
    }
    if (!entry) continue;
    entry.delivered += f.delivered;
    entry.read += f.read;
  }
  return [...perDoc.values()].filter((d) => d.read > 0).sort(byReadThenId);
}
