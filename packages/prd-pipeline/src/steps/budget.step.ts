// Step 7: checks the proceed signal and assigns a reasoning strategy to each planned section.
import { assignStrategies } from "../evidence/select-strategy.js";
import { fail, info, moveTo, type StepHandler } from "./step-kit.js";

export const budgetStep: StepHandler<"budget"> = (state, _result, env) => {
  if (!state.proceed) return fail(state, "clarification ended without a proceed signal");
  const planned = state.sections.map((s) => s.type).join(", ");
  const strategy_assignments = assignStrategies(
    state.prd_context ?? "feature",
    state.sections.map((s) => s.type),
    env.strategyHistory ?? [],
  );
  return {
    state: moveTo({ ...state, strategy_assignments }, "section_generation"),
    messages: [info(`Drafting ${state.sections.length} sections: ${planned}.`)],
  };
};
