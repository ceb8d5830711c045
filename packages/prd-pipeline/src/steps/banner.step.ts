// Step 1: the welcome banner; a message only.
import { info, moveTo, type StepHandler } from "./step-kit.js";

export const bannerStep: StepHandler<"banner"> = (state) => {
  const capabilities = [
    "deterministic section validation",
    "memory recall (optional)",
    state.codebase_path
      ? `codebase grounding (${state.codebase_path})`
      : "no codebase grounding (no codebase path)",
    "file export",
  ];
  return {
    state: moveTo(state, "preflight"),
    messages: [
      info(
        `Archon PRD pipeline, run ${state.run_id}\nFeature: ${state.feature_description}\n` +
          `Capabilities: ${capabilities.join("; ")}`,
      ),
    ],
  };
};
