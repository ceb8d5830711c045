// observe: the agent reports a gap, a correction, an outcome or a decision; canonical knowledge never changes.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import type { ObservationsContext } from "../../knowledge/observations/observations-context.js";
import { observe } from "../../knowledge/observations/observe.js";
import { OBSERVATION_EVENTS } from "../../vocabulary/lifecycle.js";
import { jsonObject, LIMITS, text } from "../input-limits.js";
import { conflictCandidateSchema } from "../result-schemas/knowledge-state.js";

/** The observation services' view of a tool context (the admin observation tools use it too). */
export const observationsContext = (ctx: ArchonContext): ObservationsContext => ({
  ...writeContext(ctx),
  ids: ctx.ids,
  index: () => ctx.compiler.index(),
});

export const observeTool = defineTool({
  name: "observe",
  title: "Report an observation",
  description: [
    "Records what you noticed for a person to triage later; it never changes canonical knowledge.",
    "Payload by event_type: compile_miss {target_files[], review_comment, missing_doc?, target_doc_id?, compile_id?} when a rule you know exists was not delivered (the answer carries a triage_hint naming near-miss patterns);",
    "review_correction {target_doc_id, proposed_content, review_comment, compile_id?} when a rule's content is wrong;",
    "pr_merged {changed_files[], pr_title?}; manual_note {note, hints?[], abstract?} for something the user wants remembered;",
    "document_import and doc_gap_detected take a free-form object; session_note too, read as {text, outcome? (succeeded, failed, reverted, abandoned), files?[], doc_ids?[]}: a failed or reverted outcome is flagged on later compiles of those files.",
    'When the user states a standing decision ("from now on, don\'t ..."), send it as a manual_note: the answer carries proposal_id, conflict_candidates and next_step. Do what next_step says: ask the user to confirm, and if there are conflict candidates offer keep both / replace / cancel.',
    "Likely secrets (tokens, keys, passwords) in any field, agent_id included, are redacted before the observation is stored, and each one comes back as a warning.",
  ].join(" "),
  input: {
    event_type: z.enum(OBSERVATION_EVENTS),
    payload: jsonObject(z.unknown(), LIMITS.payload).describe(
      "Fields required by event_type (see description)",
    ),
    agent_id: text(LIMITS.id).min(1).optional().describe("Who is reporting; recorded with the observation"),
  },
  output: {
    observation_id: z.string(),
    event_type: z.enum(OBSERVATION_EVENTS),
    warnings: z.array(z.string()),
    next_step: z.string(),
    triage_hint: z.string().optional(),
    proposal_id: z.string().optional(),
    doc_id: z.string().optional(),
    conflict_candidates: z.array(conflictCandidateSchema).optional(),
  },
  annotations: additiveWrite,
  run: (args, ctx: ArchonContext) => observe(observationsContext(ctx), args),
});
