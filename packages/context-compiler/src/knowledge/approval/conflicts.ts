// Conflict rows: a proposal that may collide with an existing standing rule waits for a person's answer.

import { type Clock, type Db, type IdGenerator, UserError } from "@archon/core";
import { type Channel, step } from "../next-step.js";

export const CONFLICT_RESOLUTIONS = ["keep_both", "supersede", "cancel"] as const;
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];

export interface ConflictRow {
  conflict_id: string;
  proposal_id: string;
  existing_doc_id: string;
  resolution: ConflictResolution | null;
  created_at: string;
  resolved_at: string | null;
}

/** Records unanswered conflicts between a proposal and existing documents (an existing pair is kept as is). */
export function openConflicts(
  db: Db,
  proposalId: string,
  existingDocIds: readonly string[],
  clock: Clock,
  ids: IdGenerator,
): ConflictRow[] {
  const insert = db.prepare(
    `INSERT INTO conflicts (conflict_id, proposal_id, existing_doc_id, resolution, created_at)
     SELECT ?, ?, ?, NULL, ? WHERE NOT EXISTS
       (SELECT 1 FROM conflicts WHERE proposal_id = ? AND existing_doc_id = ?)`,
  );
  for (const docId of [...new Set(existingDocIds)].sort()) {
    insert.run(ids.next("cfl"), proposalId, docId, clock.now().toISOString(), proposalId, docId);
  }
  return conflictsOf(db, proposalId);
}

export function conflictsOf(db: Db, proposalId: string): ConflictRow[] {
  return db
    .prepare("SELECT * FROM conflicts WHERE proposal_id = ? ORDER BY existing_doc_id")
    .all(proposalId) as ConflictRow[];
}

/** Documents the person chose to replace with this proposal. */
export function supersededBy(db: Db, proposalId: string): string[] {
  return conflictsOf(db, proposalId)
    .filter((c) => c.resolution === "supersede")
    .map((c) => c.existing_doc_id);
}

/** The message for each unanswered conflict of a proposal; empty when it may be approved. */
export function unresolvedConflictProblems(ctx: { db: Db; channel: Channel }, proposalId: string): string[] {
  return conflictsOf(ctx.db, proposalId)
    .filter((c) => c.resolution === null)
    .map(
      (c) =>
        `proposal ${proposalId} has an unresolved conflict (${c.conflict_id}) with standing rule "${c.existing_doc_id}"; answer it with ${step(ctx.channel, "resolve_conflict", { proposal_id: proposalId, existing_doc_id: c.existing_doc_id })} and resolution keep_both, supersede or cancel`,
    );
}

/** Refuses approval while a conflict is unanswered: approving would silently keep two rules that may contradict. */
export function assertConflictsResolved(ctx: { db: Db; channel: Channel }, proposalId: string): void {
  const problems = unresolvedConflictProblems(ctx, proposalId);
  if (problems.length > 0) {
    throw new UserError(
      `Approval refused: ${problems.join("; ")}.`,
      "keep_both keeps both rules, supersede retires the existing rule when this proposal is approved, cancel drops the proposal.",
      "proposal_id",
    );
  }
}
