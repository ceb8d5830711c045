// The lifecycle vocabularies: observation events, proposal types and statuses, and conflict answers.
export const OBSERVATION_EVENTS = [
  "compile_miss",
  "review_correction",
  "pr_merged",
  "manual_note",
  "document_import",
  "doc_gap_detected",
  "session_note",
] as const;
export type ObservationEvent = (typeof OBSERVATION_EVENTS)[number];

export const PROPOSAL_TYPES = ["new_doc", "update_doc", "add_edge", "remove_edge", "deprecate_doc"] as const;
export type ProposalType = (typeof PROPOSAL_TYPES)[number];

export const PROPOSAL_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A person's answer to a conflict: keep both rules, let the proposal supersede the existing one, or cancel it. */
export const CONFLICT_RESOLUTIONS = ["keep_both", "supersede", "cancel"] as const;
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];
