// The host-visible protocol: action kinds the runner issues and result kinds the host submits.
import { z } from "zod";
import { distributionSchema, judgeVerdictSchema } from "../verification/types.js";
import {
  jsonLength,
  MAX_BATCH_RESPONSES,
  MAX_ERROR_CHARS,
  MAX_OPTION_CHARS,
  MAX_PATH_CHARS,
  MAX_REPLY_CHARS,
  MAX_SELECTED,
  MAX_TOKEN_CHARS,
  MAX_TOOL_DATA_CHARS,
  overLimit,
} from "./limits.js";

export const messageSchema = z.object({
  text: z.string(),
  level: z.enum(["info", "warning", "error"]),
});
export type Message = z.infer<typeof messageSchema>;

const optionSchema = z.object({ label: z.string(), description: z.string() });

export const askUserSchema = z.object({
  kind: z.literal("ask_user"),
  question_id: z.string(),
  header: z.string(),
  description: z.string(),
  options: z.array(optionSchema).nullable(),
  multi_select: z.boolean(),
});

const toolCallShape = {
  tool_name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  correlation_id: z.string(),
};
export const callPipelineToolSchema = z.object({ kind: z.literal("call_pipeline_tool"), ...toolCallShape });
export const callCortexToolSchema = z.object({ kind: z.literal("call_cortex_tool"), ...toolCallShape });

export const invocationSchema = z.object({
  invocation_id: z.string(),
  subagent_type: z.string(),
  description: z.string(),
  prompt: z.string(),
  isolation: z.enum(["none", "worktree"]),
});
export const spawnSubagentsSchema = z.object({
  kind: z.literal("spawn_subagents"),
  purpose: z.enum(["draft", "judge", "review"]),
  batch_id: z.string(),
  invocations: z.array(invocationSchema),
});

export const writeFileSchema = z.object({
  kind: z.literal("write_file"),
  path: z.string(),
  content: z.string(),
});

/** What `done` says about verification; null when no PRD section was left to verify. */
export const doneVerificationSchema = z.object({
  claims_evaluated: z.number().int(),
  distribution: distributionSchema,
  distribution_suspicious: z.boolean(),
  verdicts: z.array(judgeVerdictSchema),
  subjective_claims: z.number().int(),
});
export type DoneVerification = z.infer<typeof doneVerificationSchema>;

export const doneSchema = z.object({
  kind: z.literal("done"),
  summary: z.string(),
  artifacts: z.array(z.string()),
  verification: doneVerificationSchema.nullable(),
});
export const failedSchema = z.object({ kind: z.literal("failed"), reason: z.string(), step: z.string() });

/** Actions that wait for a result from the host. */
export const pendingActionSchema = z.discriminatedUnion("kind", [
  askUserSchema,
  callPipelineToolSchema,
  callCortexToolSchema,
  spawnSubagentsSchema,
  writeFileSchema,
]);
export const actionSchema = z.discriminatedUnion("kind", [
  askUserSchema,
  callPipelineToolSchema,
  callCortexToolSchema,
  spawnSubagentsSchema,
  writeFileSchema,
  doneSchema,
  failedSchema,
]);

export type AskUser = z.infer<typeof askUserSchema>;
export type ToolCallAction = z.infer<typeof callPipelineToolSchema> | z.infer<typeof callCortexToolSchema>;
export type SpawnSubagents = z.infer<typeof spawnSubagentsSchema>;
export type Invocation = z.infer<typeof invocationSchema>;
export type WriteFile = z.infer<typeof writeFileSchema>;
export type PendingAction = z.infer<typeof pendingActionSchema>;
export type Action = z.infer<typeof actionSchema>;

/** A string the host sends, refused past its cap with a message that names the limit. */
export function cappedText(limit: number) {
  return z.string().max(limit, overLimit(limit));
}
const token = cappedText(MAX_TOKEN_CHARS);

export const userAnswerSchema = z.object({
  kind: z.literal("user_answer"),
  question_id: token,
  selected: z
    .array(cappedText(MAX_OPTION_CHARS))
    .max(MAX_SELECTED, overLimit(MAX_SELECTED, "options"))
    .default([]),
  // Refused only past a reply's cap; past MAX_ANSWER_CHARS the service cuts it and says so.
  freeform: cappedText(MAX_REPLY_CHARS).optional(),
});
export const toolResultSchema = z.object({
  kind: z.literal("tool_result"),
  correlation_id: token,
  success: z.boolean(),
  data: z
    .unknown()
    .optional()
    .superRefine((data, ctx) => {
      if (data !== undefined && jsonLength(data) > MAX_TOOL_DATA_CHARS) {
        ctx.addIssue({
          code: "too_big",
          origin: "string",
          maximum: MAX_TOOL_DATA_CHARS,
          message: `${overLimit(MAX_TOOL_DATA_CHARS)} as JSON`,
        });
      }
    }),
  error: cappedText(MAX_ERROR_CHARS).optional(),
});
/** One subagent's reply in a batch: the pipeline's and conclude_verification's. */
const subagentResponseSchema = z.object({
  invocation_id: token,
  raw_text: cappedText(MAX_REPLY_CHARS).optional(),
  error: cappedText(MAX_ERROR_CHARS).optional(),
});
export const subagentResponsesSchema = z
  .array(subagentResponseSchema)
  .max(MAX_BATCH_RESPONSES, overLimit(MAX_BATCH_RESPONSES, "responses"));
export const subagentBatchResultSchema = z.object({
  kind: z.literal("subagent_batch_result"),
  batch_id: token,
  responses: subagentResponsesSchema,
});
export const fileWrittenSchema = z.object({
  kind: z.literal("file_written"),
  path: cappedText(MAX_PATH_CHARS),
  bytes: z.number().int().nonnegative(),
});

export const actionResultSchema = z.discriminatedUnion("kind", [
  userAnswerSchema,
  toolResultSchema,
  subagentBatchResultSchema,
  fileWrittenSchema,
]);
export type UserAnswer = z.infer<typeof userAnswerSchema>;
export type ToolResult = z.infer<typeof toolResultSchema>;
export type SubagentBatchResult = z.infer<typeof subagentBatchResultSchema>;
export type FileWritten = z.infer<typeof fileWrittenSchema>;
export type ActionResult = z.infer<typeof actionResultSchema>;

/** The result kind a host must answer each pending action kind with. */
export const RESULT_KIND_FOR: Record<PendingAction["kind"], ActionResult["kind"]> = {
  ask_user: "user_answer",
  call_pipeline_tool: "tool_result",
  call_cortex_tool: "tool_result",
  spawn_subagents: "subagent_batch_result",
  write_file: "file_written",
};
