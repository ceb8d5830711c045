// Step 10: one write_file per planned file; finished when every file_written confirmation arrived.

import type { RunStateAt } from "../run-model/state.js";
import { utf8Length } from "../run-model/tokens.js";
import { outputDir, type PlannedFile, planFiles } from "../sections/file-plan.js";
import { info, moveTo, noTransition, type StepHandler, type StepOutcome } from "./step-kit.js";
import { nextStep } from "./step-order.js";

function issue(state: RunStateAt<"file_export">, files: readonly PlannedFile[]): StepOutcome {
  const file = files[state.file_index];
  if (!file) {
    return {
      state: moveTo(state, nextStep("file_export")),
      messages: [info(`${state.files.length} files written under ${outputDir(state.run_id)}/.`)],
    };
  }
  return {
    state: { ...state, phase: "write" },
    action: { kind: "write_file", path: file.path, content: file.content },
  };
}

export const fileExportStep: StepHandler<"file_export"> = (state, result) => {
  // The plan is a pure function of the finished sections, so it is rebuilt rather than stored.
  const files = planFiles(state);
  if (state.phase === "start") {
    const planned = files.map((f) => ({ path: f.path, bytes: utf8Length(f.content), confirmed: false }));
    return issue({ ...state, files: planned, file_index: 0 }, files);
  }
  if (state.phase === "write" && result?.kind === "file_written") {
    const confirmed = state.files.map((f, i) => (i === state.file_index ? { ...f, confirmed: true } : f));
    return issue({ ...state, files: confirmed, file_index: state.file_index + 1 }, files);
  }
  throw noTransition("file_export", state.phase);
};
