// Step 16: a test engineer works in the same worktree; failing tests become review findings.
import { testingPrompt } from "../sections/impl-prompts.js";
import { subagentType } from "../sections/subagents.js";
import { parseTestFooter } from "./footers.js";
import { info, moveTo, type StepHandler, warning } from "./step-kit.js";

export const testingStep: StepHandler = (state, result, env) => {
  const attempt = state.implementation.loops + 1;
  if (state.phase === "start") {
    const batch = `testing_a${attempt}`;
    return {
      state: { ...state, phase: "test" },
      action: {
        kind: "spawn_subagents",
        purpose: "review",
        batch_id: batch,
        invocations: [
          {
            invocation_id: `${batch}_test_engineer`,
            subagent_type: subagentType(env.namespace, "test-engineer"),
            description: `Test the implementation (attempt ${attempt})`,
            prompt: testingPrompt(state),
            isolation: "none",
          },
        ],
      },
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
  throw new Error(`testing has no transition from phase "${state.phase}"`);
};
