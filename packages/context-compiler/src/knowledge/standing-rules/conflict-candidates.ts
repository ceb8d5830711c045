// Which standing rules a new decision may collide with: shared wording, found lexically.
import type { Db } from "@archon/core";
import { matchStandingRules } from "./match-rules.js";

export interface ConflictCandidate {
  doc_id: string;
  title: string;
  overlap: number;
  shared_terms: string[];
}

/** The five strongest matches among approved standing rules. */
export function findConflictCandidates(db: Db, text: string, excludeDocId?: string): ConflictCandidate[] {
  return matchStandingRules(db, text, excludeDocId)
    .slice(0, 5)
    .map(({ doc_id, title, overlap, shared_terms }) => ({ doc_id, title, overlap, shared_terms }));
}
