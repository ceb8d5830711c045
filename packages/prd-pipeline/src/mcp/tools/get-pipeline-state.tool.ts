// get_pipeline_state: a read-only look at a run; never advances it.
import { defineTool, HOST_ANSWER_BYTES, readOnly } from "@archon/core";
import { z } from "zod";
import { pipelineStateSchema } from "../../run-model/answer-schemas.js";
import { MAX_TOKEN_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import type { ServerContext } from "../server-context.js";

export const getPipelineStateTool = defineTool({
  name: "get_pipeline_state",
  title: "Read a run's state",
  description:
    "Read-only diagnostic of a run. Formats: summary (default), full (bounded; sheds grounding, then old " +
    "clarifications, then section content, and lists what it shed in __bounded; errors are always kept), " +
    "grounding, validation, action (the full pending action, for prompts stubbed out of a large envelope; paged " +
    "by next_part, and a prompt too large for one answer comes in prompt_part pieces to join in index order). " +
    `Every answer stays under ${HOST_ANSWER_BYTES} bytes as sent (text and structured content together).`,
  input: {
    run_id: cappedText(MAX_TOKEN_CHARS).min(1),
    format: z.enum(["summary", "full", "grounding", "validation", "action"]).optional(),
    part: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("For format action: the next_part of the previous answer, to continue from"),
  },
  output: pipelineStateSchema,
  annotations: readOnly,
  run: (args, ctx: ServerContext) =>
    ctx.service.getState(args.run_id, args.format ?? "summary", args.part ?? 0),
});
