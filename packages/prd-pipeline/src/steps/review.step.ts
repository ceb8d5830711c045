// Step 17: a code reviewer answers VERDICT/FINDINGS; FAIL loops back to implementation at most 3 times.
import { reviewPrompt } from "../sections/impl-prompts.js";
import { parseReviewFooter } from "./footers.js";
import { info, moveTo, noTransition, type StepHandler, spawnOne, warning } from "./step-kit.js";

export const MAX_REVIEW_LOOPS = 3;

export const reviewStep: StepHandler<"review"> = (state, result, env) => {
  const impl = state.implementation;
  const attempt = impl.loops + 1;
  if (state.phase === "start") {
    const batch = `review_a${attempt}`;
    return {
      state: { ...state, phase: "review" },
      action: spawnOne(
        {
          purpose: "review",
          batch_id: batch,
          role: "code-reviewer",
          description: `Review the implementation (attempt ${attempt})`,
          prompt: reviewPrompt(state),
        },
        env,
      ),
    };
  }
  if (state.phase === "review" && result?.kind === "subagent_batch_result") {
    const reply = result.responses[0];
    const parsed = reply?.error ? null : parseReviewFooter(reply?.raw_text ?? "");
    if (!parsed) {
      const review = { verdict: "UNKNOWN" as const, findings: [] };
      return {
        state: moveTo({ ...state, implementation: { ...impl, review } }, "pr_gate"),
        messages: [warning("The review had no VERDICT: footer; treating it as advisory and moving on.")],
      };
    }
    const next = { ...state, implementation: { ...impl, review: parsed } };
    if (parsed.verdict === "PASS")
      return { state: moveTo(next, "pr_gate"), messages: [info("Review passed.")] };
    if (impl.loops < MAX_REVIEW_LOOPS) {
      return {
        state: moveTo(
          { ...next, implementation: { ...next.implementation, loops: impl.loops + 1 } },
          "implementation",
        ),
        messages: [
          warning(
            `Review failed (${parsed.findings.length} findings); back to implementation (loop ${impl.loops + 1} of ${MAX_REVIEW_LOOPS}).`,
          ),
        ],
      };
    }
    return {
      state: moveTo(next, "pr_gate"),
      messages: [warning(`Review still fails after ${MAX_REVIEW_LOOPS} loops; the FAIL is advisory.`)],
    };
  }
  throw noTransition("review", state.phase);
};
