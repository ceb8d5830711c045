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
    "What you noticed, for a person to triage; never changes knowledge. payload by event_type:",
    "compile_miss {target_files[], review_comment, missing_doc?, target_doc_id?, compile_id?} (a known rule not delivered);",
    "review_correction {target_doc_id, proposed_content, review_comment, compile_id?}; pr_merged {changed_files[], pr_title?};",
    "manual_note {note, hints?[], abstract?}; session_note {text, outcome?, files?[], doc_ids?[]}; others free-form.",
    'A standing decision from the user ("from now on ...") is a manual_note: then do what next_step says.',
  ].join(" "),
  input: {
    event_type: z.enum(OBSERVATION_EVENTS),
    payload: jsonObject(z.unknown(), LIMITS.payload).describe("Fields by event_type, as above"),
    agent_id: text(LIMITS.id).min(1).optional().describe("Who is reporting"),
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
