// Step 16: a test engineer works in the same worktree; failing tests become review findings.
import { testingPrompt } from "../sections/impl-prompts.js";
import { parseTestFooter } from "./footers.js";
import { info, moveTo, noTransition, type StepHandler, spawnOne, warning } from "./step-kit.js";

export const testingStep: StepHandler<"testing"> = (state, result, env) => {
  const attempt = state.implementation.loops + 1;
  if (state.phase === "start") {
    const batch = `testing_a${attempt}`;
    return {
      state: { ...state, phase: "test" },
      action: spawnOne(
        {
          purpose: "review",
          batch_id: batch,
          role: "test-engineer",
          description: `Test the implementation (attempt ${attempt})`,
          prompt: testingPrompt(state),
        },
        env,
      ),
    };
  }
  if (state.phase === "test" && result?.kind === "subagent_batch_result") {
    const reply = result.responses[0];
    const tests = reply?.error
      ? { status: "UNKNOWN" as const, failures: [] }
      : parseTestFooter(reply?.raw_text ?? "");
    const message =
      tests.status === "PASS"
        ? info("Tests pass.")
        : tests.status === "FAIL"
          ? warning(`Tests fail: ${tests.failures.join("; ") || "no detail"}.`)
          : warning("The test report had no TESTS: footer; the reviewer decides without it.");
    return {
      state: moveTo({ ...state, implementation: { ...state.implementation, tests } }, "review"),
      messages: [message],
    };
  }
  throw noTransition("testing", state.phase);
};
