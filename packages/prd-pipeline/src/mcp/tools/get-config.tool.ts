// get_config: the settings this server runs with.
import { defineTool, readOnly } from "@archon/core";
import { RESPONSE_BUDGET } from "../../run-model/bounding.js";
import { MAX_DOCUMENT_CHARS, MAX_REPLY_CHARS, MAX_RESULT_CHARS } from "../../run-model/limits.js";
import { MAX_CLARIFICATIONS, MAX_ERRORS } from "../../run-model/state.js";
import { STEP_NAMES } from "../../run-model/step-phases.js";
import { MAX_IMPACT_QUERIES } from "../../steps/pre-impl-grounding.step.js";
import { MAX_REVIEW_LOOPS } from "../../steps/review.step.js";
import { MAX_ATTEMPTS } from "../../steps/section-generation.step.js";
import { MAX_JUDGE_INVOCATIONS } from "../../verification/budget.js";
import type { ServerContext } from "../server-context.js";

export const getConfigTool = defineTool({
  name: "get_config",
  title: "Show server configuration",
  description:
    "The profile, tool prefix, database path, grounding sources (codebase and memory: archon, external or none), " +
    "subagent namespace, limits and enabled steps of this archon-prd server.",
  input: {},
  annotations: readOnly,
  run: (_args, ctx: ServerContext) => ({
    version: ctx.version,
    profile: ctx.profile,
    tool_prefix: ctx.toolPrefix,
    project_root: ctx.projectRoot,
    database: ctx.dbPath,
    evidence_database: ctx.evidence.path,
    subagent_namespace: ctx.namespace,
    sources: { ...ctx.sources, archon_database: ctx.archonDb },
    limits: {
      ...ctx.service.limits,
      max_clarifications: MAX_CLARIFICATIONS,
      max_errors: MAX_ERRORS,
      max_section_attempts: MAX_ATTEMPTS,
      response_budget_chars: RESPONSE_BUDGET,
      max_judge_invocations: MAX_JUDGE_INVOCATIONS,
      max_review_loops: MAX_REVIEW_LOOPS,
      max_impact_queries: MAX_IMPACT_QUERIES,
      max_reply_chars: MAX_REPLY_CHARS,
      max_result_chars: MAX_RESULT_CHARS,
      max_document_chars: MAX_DOCUMENT_CHARS,
    },
    steps: [...STEP_NAMES],
  }),
});
