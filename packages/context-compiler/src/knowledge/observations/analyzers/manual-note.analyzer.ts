// manual_note → new_doc: a standing rule, unless observe already proposed one for this note.
import type { Db } from "@archon/core";
import type { Observation } from "../../../store/observations.js";
import { proposalsCiting } from "../../../store/proposals.js";
import { checkObservationPayload } from "../observation-payloads.js";
import { standingReason } from "../standing-note.js";
import { standingRuleProposal } from "../standing-proposal.js";
import type { Analyzer, AnalyzerResult } from "./analyzer.js";

function analyze(observation: Observation, db: Db): AnalyzerResult {
  const check = checkObservationPayload("manual_note", observation.payload);
  if (!check.ok) return { skip: `payload is not a valid manual_note: ${check.problems}` };
  const cited = proposalsCiting(db, observation.observation_id);
  if (cited.length > 0) return { skip: `already proposed as ${cited.join(", ")}` };
  // A person runs process_observations and decides every proposal, so a note without decision wording is
  // still offered as a rule; the reason records which it was.
  const reason =
    standingReason(check.payload.note, check.payload.hints) ??
    "no decision wording; offered for a person to judge";
  return standingRuleProposal(db, observation, check.payload, reason);
}

export const manualNoteAnalyzer: Analyzer = { name: "manual-note", event_type: "manual_note", analyze };
