// The response shape of start_pipeline and submit_action_result, as the schema both tools declare.
import { z } from "zod";
import { type Action, actionSchema, type Message, messageSchema } from "./protocol.js";
import type { RunState } from "./state.js";

export const stateSummarySchema = z.object({
  sections: z.array(
    z.object({
      type: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      score: z.number().nullable(),
    }),
  ),
  clarification_rounds: z.number().int(),
  errors: z.number().int(),
});
export type StateSummary = z.infer<typeof stateSummarySchema>;

export const envelopeSchema = z.object({
  run_id: z.string(),
  current_step: z.string(),
  messages: z.array(messageSchema),
  action: actionSchema,
  state_summary: stateSummarySchema,
});
export type Envelope = z.infer<typeof envelopeSchema>;

export function summarise(state: RunState): StateSummary {
  return {
    sections: state.sections.map((s) => ({
      type: s.type,
      status: s.status,
      attempts: s.attempt,
      score: s.score,
    })),
    clarification_rounds: state.clarifications.length + state.clarifications_dropped,
    errors: state.errors.length + state.errors_dropped,
  };
}

export function envelopeOf(state: RunState, action: Action, messages: Message[]): Envelope {
  return {
    run_id: state.run_id,
    current_step: state.step,
    messages,
    action,
    state_summary: summarise(state),
  };
}
