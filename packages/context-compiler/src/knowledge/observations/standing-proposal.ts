// The pending new_doc proposal a manual note becomes: a standing rule, injected by wording, never by path.

import type { Db } from "@archon/core";
import type { Observation } from "../../store/observations.js";
import type { ProposalInput } from "../../store/proposals.js";
import { type Channel, step } from "../next-step.js";
import { redactionNotice } from "../secret-scan.js";
import { firstSentence, uniqueDocId } from "./doc-id-slug.js";
import type { ObservationPayload } from "./observation-payloads.js";

export const STANDING_PREFIX = "rule-";

/**
 * A standing-rule proposal for a manual note. The doc_id is derived from the note's first words and made
 * unique against documents and pending proposals; there are no edge hints, because standing rules reach
 * an agent through the prompt hook matching their wording, not through a file path.
 */
export function standingRuleProposal(
  db: Db,
  observation: Pick<Observation, "observation_id">,
  payload: ObservationPayload<"manual_note">,
  reason: string,
): ProposalInput {
  const note = payload.note.trim();
  return {
    proposal_type: "new_doc",
    payload: {
      doc_id: uniqueDocId(db, STANDING_PREFIX, note),
      title: payload.abstract ?? firstSentence(note),
      kind: "guideline",
      content: note,
      origin: "standing",
    },
    source: "manual_note",
    rationale: `Standing decision captured from a manual note (${reason}).`,
    evidence_observation_ids: [observation.observation_id],
  };
}

/** What the agent should do after observe created (or found) a standing-rule proposal. */
export function confirmationStep(
  channel: Channel,
  proposalId: string,
  shown: { title: string; content: string },
  conflicts: readonly { doc_id: string; title: string }[],
): string {
  // The person confirms the text that is stored, word for word; the title may only stand beside it.
  const text = shown.content.trim();
  const summary = shown.title.trim() !== text ? ` (summary: "${shown.title}")` : "";
  // A redacted rule is not quite what the person said: they confirm it knowing that.
  const notice = redactionNotice(text);
  const warn = notice === undefined ? "" : ` Tell them beside it: "${notice}"`;
  const ask = `Show the user this rule word for word and ask them to confirm it, on its own: "${text}"${summary}.${warn} A plain yes approves proposal ${proposalId} (${step(channel, "approve_proposal")} on the admin surface); anything else leaves it pending for a person to decide.`;
  if (conflicts.length === 0) return ask;
  const named = conflicts.map((c) => `${c.doc_id} ("${c.title}")`).join(", ");
  return `${ask} It may collide with existing rule(s) ${named}: offer keep both, replace, or cancel, and persist each answer with ${step(channel, "resolve_conflict")} (keep_both, supersede or cancel) on the admin surface.`;
}
