// Step 7: checks that clarification ended with a proceed signal before any section is drafted.
import { fail, info, moveTo, type StepHandler } from "./step-kit.js";

export const budgetStep: StepHandler = (state) => {
  if (!state.proceed) return fail(state, "clarification ended without a proceed signal");
  const planned = state.sections.map((s) => s.type).join(", ");
  return {
    state: moveTo(state, "section_generation"),
    messages: [info(`Drafting ${state.sections.length} sections: ${planned}.`)],
  };
};
