// Stores a proposal drawn from an observation, or cites the observation on an identical pending one.
import { type Clock, canonicalJson, type Db, type IdGenerator } from "@archon/core";
import { parsePayload } from "../../store/proposal-payloads.js";
import {
  citeEvidence,
  createProposal,
  type ProposalInput,
  pendingProposalsOfType,
} from "../../store/proposals.js";

export interface ProposeOutcome {
  proposal_id: string;
  /** True when an identical pending proposal existed and the observation was added to its evidence. */
  duplicate: boolean;
}

/**
 * The comparable form of a payload. A new_doc is compared without its doc_id: two notes saying the same
 * thing would otherwise differ only in the id derived for the second one (rule-x-2).
 */
function changeKey(type: ProposalInput["proposal_type"], payload: unknown): string {
  const parsed = parsePayload(type, payload) as Record<string, unknown>;
  if (type !== "new_doc") return canonicalJson(parsed);
  const { doc_id: _id, ...rest } = parsed;
  return canonicalJson(rest);
}

/** The oldest pending proposal making the same change, if any. */
export function pendingDuplicate(db: Db, input: ProposalInput): string | undefined {
  const key = changeKey(input.proposal_type, input.payload);
  return pendingProposalsOfType(db, input.proposal_type).find(
    (p) => changeKey(input.proposal_type, p.payload) === key,
  )?.proposal_id;
}

/** Call inside the transaction that marks the observation analyzed, so both land or neither does. */
export function proposeOrCite(
  db: Db,
  input: ProposalInput,
  observationId: string,
  clock: Clock,
  ids: IdGenerator,
): ProposeOutcome {
  const existing = pendingDuplicate(db, input);
  if (existing !== undefined) {
    citeEvidence(db, existing, observationId);
    return { proposal_id: existing, duplicate: true };
  }
  const evidence = [...new Set([...(input.evidence_observation_ids ?? []), observationId])].sort();
  const created = createProposal(db, { ...input, evidence_observation_ids: evidence }, clock, ids);
  return { proposal_id: created.proposal_id, duplicate: false };
}
