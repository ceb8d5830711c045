// get_config: the settings this server runs with.
import { defineTool, HOST_ANSWER_BYTES, readOnly } from "@archon/core";
import { z } from "zod";
import { MAX_DOCUMENT_CHARS, MAX_REPLY_CHARS, MAX_RESULT_CHARS } from "../../run-model/limits.js";
import { runSourcesSchema } from "../../run-model/sources.js";
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
  output: {
    version: z.string(),
    profile: z.enum(["full", "agent", "verifier"]),
    tool_prefix: z.string(),
    project_root: z.string(),
    database: z.string(),
    evidence_database: z.string(),
    subagent_namespace: z.string(),
    sources: runSourcesSchema.extend({ archon_database: z.string().nullable() }),
    limits: z.object({
      maxActiveRuns: z.number().int(),
      idleMs: z.number().int(),
      maxFinishedRuns: z.number().int(),
      leaseMs: z.number().int(),
      max_clarifications: z.number().int(),
      max_errors: z.number().int(),
      max_section_attempts: z.number().int(),
      answer_bound_bytes: z.number().int(),
      max_judge_invocations: z.number().int(),
      max_review_loops: z.number().int(),
      max_impact_queries: z.number().int(),
      max_reply_chars: z.number().int(),
      max_result_chars: z.number().int(),
      max_document_chars: z.number().int(),
    }),
    steps: z.array(z.enum(STEP_NAMES)),
  },
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
      answer_bound_bytes: HOST_ANSWER_BYTES,
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
