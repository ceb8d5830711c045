// start_pipeline: begins a run and returns its first envelope.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { envelopeSchema } from "../../run-model/envelope.js";
import { MAX_PATH_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import { PRD_CONTEXTS } from "../../sections/contexts.js";
import type { ServerContext } from "../server-context.js";

export const startPipelineTool = defineTool({
  name: "start_pipeline",
  title: "Start a PRD run",
  description:
    "Starts a PRD pipeline run for a feature and returns the first envelope { run_id, messages, action, state_summary }. " +
    "Show the messages, execute the action, then call {{prefix}}submit_action_result; repeat until action.kind is done or failed.",
  input: {
    feature_description: z.string().min(3).max(4000).describe("What to build, fix or decide, in plain words"),
    codebase_path: cappedText(MAX_PATH_CHARS)
      .min(1)
      .optional()
      .describe("Absolute path of the codebase to ground the PRD in"),
    prd_context: z.enum(PRD_CONTEXTS).optional().describe("Kind of PRD; detected from the text when omitted"),
    skip_preflight: z.boolean().optional().describe("Skip probing the memory and codebase servers"),
  },
  output: envelopeSchema,
  annotations: additiveWrite,
  run: (args, ctx: ServerContext) =>
    ctx.service.start({
      feature_description: args.feature_description.trim(),
      codebase_path: args.codebase_path ?? null,
      prd_context: args.prd_context ?? null,
      skip_preflight: args.skip_preflight ?? false,
    }),
});
