// Step 9: tickets from requirements, user stories and acceptance criteria; a failure is tolerated.
import { withError } from "../run-model/state.js";
import { jiraPrompt } from "../sections/draft-prompt.js";
import { normaliseDraft } from "./section-generation.step.js";
import { info, moveTo, noTransition, type StepHandler, spawnOne, warning } from "./step-kit.js";

const SOURCES = new Set(["requirements", "user_stories", "acceptance_criteria"]);

export const jiraGenerationStep: StepHandler<"jira_generation"> = (state, result, env) => {
  if (state.phase === "start") {
    if (!state.sections.some((s) => SOURCES.has(s.type) && s.status === "passed")) {
      return {
        state: moveTo({ ...state, jira: { status: "failed", content: null } }, "file_export"),
        messages: [warning("Jira tickets skipped: no requirements, stories or criteria passed.")],
      };
    }
    return {
      state: { ...state, phase: "draft" },
      action: spawnOne(
        {
          purpose: "draft",
          batch_id: "jira_generation",
          role: "engineer",
          description: "Write Jira tickets",
          prompt: jiraPrompt(state),
        },
        env,
      ),
    };
  }
  if (state.phase === "draft" && result?.kind === "subagent_batch_result") {
    const raw = result.responses[0]?.raw_text;
    if (raw && raw.trim() !== "" && !result.responses[0]?.error) {
      const content = normaliseDraft(raw, "Jira Tickets");
      return {
        state: moveTo({ ...state, jira: { status: "passed", content } }, "file_export"),
        messages: [info("Jira tickets written.")],
      };
    }
    const failed = withError(
      state,
      "section_failure",
      "jira_generation produced no tickets (tolerated)",
      env.now,
    );
    return {
      state: moveTo({ ...failed, jira: { status: "failed", content: null } }, "file_export"),
      messages: [warning("Jira ticket generation failed; continuing without tickets.")],
    };
  }
  throw noTransition("jira_generation", state.phase);
};
