// Step 19: an engineer pushes the branch and opens the PR; the reply carries PR_URL.
import { withError } from "../run-model/state.js";
import { prPrompt } from "../sections/impl-prompts.js";
import { parsePrFooter } from "./footers.js";
import { info, moveTo, noTransition, type StepHandler, spawnOne, warning } from "./step-kit.js";

export const prCreationStep: StepHandler<"pr_creation"> = (state, result, env) => {
  if (state.phase === "start") {
    return {
      state: { ...state, phase: "open" },
      action: spawnOne(
        {
          purpose: "draft",
          batch_id: "pr_creation",
          role: "engineer",
          description: "Push the branch and open the PR",
          prompt: prPrompt(state),
        },
        env,
      ),
    };
  }
  if (state.phase === "open" && result?.kind === "subagent_batch_result") {
    const reply = result.responses[0];
    const url = reply?.error ? null : parsePrFooter(reply?.raw_text ?? "");
    const impl = { ...state.implementation, pr_url: url };
    if (url)
      return {
        state: moveTo({ ...state, implementation: impl }, "finalize"),
        messages: [info(`Pull request: ${url}`)],
      };
    const failed = withError(
      state,
      "upstream_failure",
      `PR creation gave no PR_URL: ${reply?.error ?? "no footer"}`,
      env.now,
    );
    return {
      state: moveTo({ ...failed, implementation: impl }, "finalize"),
      messages: [warning("The PR reply carried no PR_URL: check the branch by hand.")],
    };
  }
  throw noTransition("pr_creation", state.phase);
};
