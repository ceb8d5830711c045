// Conflict rows: a proposal that may collide with an existing standing rule waits for a person's answer.
import type { Clock, Db, IdGenerator } from "@archon/core";
import type { ConflictResolution } from "../vocabulary/lifecycle.js";
import { statement } from "./statements.js";

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
  return statement(db, "SELECT * FROM conflicts WHERE proposal_id = ? ORDER BY existing_doc_id").all(
    proposalId,
  ) as ConflictRow[];
}

/** Stores the answer for one pair, replacing an earlier one, or records the pair answered when it was not open. */
export function answerConflict(
  db: Db,
  answer: { proposal_id: string; existing_doc_id: string; resolution: ConflictResolution },
  at: string,
  ids: IdGenerator,
): void {
  const update = db
    .prepare(
      "UPDATE conflicts SET resolution = ?, resolved_at = ? WHERE proposal_id = ? AND existing_doc_id = ?",
    )
    .run(answer.resolution, at, answer.proposal_id, answer.existing_doc_id);
  if (update.changes > 0) return;
  db.prepare(
    `INSERT INTO conflicts (conflict_id, proposal_id, existing_doc_id, resolution, created_at, resolved_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(ids.next("cfl"), answer.proposal_id, answer.existing_doc_id, answer.resolution, at, at);
}
