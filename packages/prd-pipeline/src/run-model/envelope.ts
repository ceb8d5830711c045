// The response shape of start_pipeline and submit_action_result.
import type { Action, Message } from "./protocol.js";
import type { RunState } from "./state.js";

export interface StateSummary {
  sections: { type: string; status: string; attempts: number; score: number | null }[];
  clarification_rounds: number;
  errors: number;
}

export interface Envelope {
  run_id: string;
  current_step: string;
  messages: Message[];
  action: Action;
  state_summary: StateSummary;
}

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
