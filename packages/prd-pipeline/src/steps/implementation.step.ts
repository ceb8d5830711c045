// Step 14: an engineer implements in an isolated worktree; its reply ends with BRANCH/WORKTREE/SHA/FILES.
import { withError } from "../run-model/state.js";
import { implementationPrompt } from "../sections/impl-prompts.js";
import { bodyBeforeFooter, parseImplementationFooter } from "./footers.js";
import { info, moveTo, noTransition, type StepHandler, spawnOne, warning } from "./step-kit.js";

export const implementationStep: StepHandler<"implementation"> = (state, result, env) => {
  const impl = state.implementation;
  const attempt = impl.loops + 1;
  if (state.phase === "start") {
    const batch = `implementation_a${attempt}`;
    return {
      state: { ...state, phase: "implement" },
      action: spawnOne(
        {
          purpose: "draft",
          batch_id: batch,
          role: "engineer",
          description: `Implement the PRD (attempt ${attempt})`,
          prompt: implementationPrompt(state),
          isolation: "worktree",
        },
        env,
      ),
    };
  }
  if (state.phase === "implement" && result?.kind === "subagent_batch_result") {
    const reply = result.responses[0];
    const text = reply?.error ? "" : (reply?.raw_text ?? "");
    const parsed = parseImplementationFooter(text);
    if (!parsed.ok) {
      const why = reply?.error ? `the engineer failed: ${reply.error}` : parsed.error;
      const failed = withError(state, "upstream_failure", `implementation footer unusable: ${why}`, env.now);
      return {
        state: moveTo(
          { ...failed, implementation: { ...impl, footer: null, footer_error: why } },
          "finalize",
        ),
        messages: [warning(`Implementation could not be read (${why}); the run ends without a branch.`)],
      };
    }
    const footer = parsed.value;
    return {
      state: moveTo(
        {
          ...state,
          implementation: {
            ...impl,
            footer,
            footer_error: null,
            engineer_summary: bodyBeforeFooter(text, "BRANCH"),
            post_checks: [],
            tests: null,
          },
        },
        "post_impl_verification",
      ),
      messages: [
        info(`Implemented on ${footer.branch} at ${footer.sha.slice(0, 12)}: ${footer.files.length} files.`),
      ],
    };
  }
  throw noTransition("implementation", state.phase);
};
