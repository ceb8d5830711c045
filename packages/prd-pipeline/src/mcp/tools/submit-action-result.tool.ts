// submit_action_result: applies the host's result to the pending action and returns the next envelope.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { envelopeSchema } from "../../run-model/envelope.js";
import { MAX_RESULT_CHARS, MAX_TOKEN_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import type { ServerContext } from "../server-context.js";

export const submitActionResultTool = defineTool({
  name: "submit_action_result",
  title: "Submit an action result",
  description:
    "Submits the result of the pending action (user_answer, tool_result, subagent_batch_result or file_written, " +
    "echoing its routing token) and returns the next envelope. Never call it twice at once for one run.",
  input: {
    run_id: cappedText(MAX_TOKEN_CHARS).min(1).describe("The run_id of the first envelope"),
    result: z
      .union([z.record(z.string(), z.unknown()), cappedText(MAX_RESULT_CHARS)])
      .describe("The typed result object (a JSON string of it is accepted too)"),
  },
  output: envelopeSchema,
  annotations: additiveWrite,
  run: (args, ctx: ServerContext) => ctx.service.submit(args.run_id, args.result),
});
