// Team-wide eval on the server: evaluate's own report over the audit records replicas shipped (and, in
// direct mode, the server's own compiles), judged against the server's observations and notes, with the
// share of each person who shipped.
import type { Db } from "@archon/core";
import { type CompileSource, type EvalReport, evaluate, ownCompiles } from "../../quality/eval.js";
import type { LoggedCompile } from "../../store/audit-reads.js";
import type { PortableAudit, ShippedAuditRow } from "../../store/team/shipped-audit.js";

export interface PersonEval {
  person: string;
  /** Compiles this person's replicas shipped. */
  compiles: number;
  /** Missed deliveries that cite one of those compiles. */
  missed: number;
  /** Deliveries (inline or deferred) in those compiles of documents the team report finds unnecessary. */
  unnecessary: number;
}

export interface TeamEvalReport extends EvalReport {
  /** Shipped records judged; the rest of compiles.kept are the server's own. */
  shipped: number;
  by_person: PersonEval[];
}

const byTime = (a: LoggedCompile, b: LoggedCompile) =>
  a.created_at === b.created_at
    ? a.compile_id < b.compile_id
      ? -1
      : 1
    : a.created_at < b.created_at
      ? -1
      : 1;

/**
 * `rows` are the stored shipped records (a direct server's table or the team store's, one per compile_id);
 * `withOwn` adds the server's own audit rows, as in direct mode, where the server compiles too (a
 * compile_id the server holds itself is counted once, as its own).
 */
export function evaluateTeam(db: Db, rows: readonly ShippedAuditRow[], withOwn: boolean): TeamEvalReport {
  const own: CompileSource = withOwn ? ownCompiles(db) : { compiles: [], sessions: new Map() };
  const ownIds = new Set(own.compiles.map((c) => c.compile_id));
  const shipped = rows
    .map((row) => ({ person: row.person, record: JSON.parse(row.record) as PortableAudit }))
    .filter(({ record }) => !ownIds.has(record.compile_id));
  const sessions = new Map(own.sessions);
  for (const { record } of shipped)
    if (record.session_id !== null) sessions.set(record.compile_id, record.session_id);
  const compiles = [...own.compiles, ...shipped.map((s) => s.record)].sort(byTime);
  const report = evaluate(db, [], { compiles, sessions });

  const unnecessary = new Set(report.unnecessary.map((u) => u.doc_id));
  const personOf = new Map(shipped.map(({ person, record }) => [record.compile_id, person]));
  const byPerson = new Map<string, PersonEval>();
  const entryOf = (person: string) => {
    const entry = byPerson.get(person) ?? { person, compiles: 0, missed: 0, unnecessary: 0 };
    byPerson.set(person, entry);
    return entry;
  };
  for (const { person, record } of shipped) {
    const entry = entryOf(person);
    entry.compiles += 1;
    entry.unnecessary += record.deliveries.filter(
      (d) => d.delivery !== "omitted" && unnecessary.has(d.doc_id),
    ).length;
  }
  for (const m of report.missed) {
    const person = m.compile_id === null ? undefined : personOf.get(m.compile_id);
    if (person !== undefined) entryOf(person).missed += 1;
  }
  return {
    ...report,
    shipped: shipped.length,
    by_person: [...byPerson.values()].sort((a, b) => (a.person < b.person ? -1 : 1)),
  };
}
