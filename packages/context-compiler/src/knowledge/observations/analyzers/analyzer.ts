// The shape every analyzer has: one observation in, one proposal (or a reason to skip it) out.
import type { Db } from "@archon/core";
import type { KnowledgeIndex } from "../../../read/knowledge-index.js";
import type { Observation } from "../../../store/observations.js";
import type { ProposalInput } from "../../../store/proposals.js";
import type { ObservationEvent } from "../../../vocabulary/lifecycle.js";
import type { Channel } from "../../next-step.js";

export type AnalyzerResult = ProposalInput | { skip: string };

export interface Analyzer {
  name: string;
  event_type: ObservationEvent;
  /** Reads only: process_observations stores the proposal, so a preview can run the same analyzer. */
  /** `channel` is who reads the skip reasons, which name the next step. */
  analyze(observation: Observation, db: Db, index: KnowledgeIndex, channel: Channel): AnalyzerResult;
}

export const isSkip = (result: AnalyzerResult): result is { skip: string } => "skip" in result;

/** The proposal input with this observation cited as its evidence. */
export const citing = (
  observation: Observation,
  input: Omit<ProposalInput, "evidence_observation_ids">,
): ProposalInput => ({
  ...input,
  evidence_observation_ids: [observation.observation_id],
});
