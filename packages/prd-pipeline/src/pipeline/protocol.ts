// The host-visible protocol: action kinds the runner issues and result kinds the host submits.
import { z } from "zod";
import { distributionSchema, judgeVerdictSchema } from "../verification/types.js";

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

export const userAnswerSchema = z.object({
  kind: z.literal("user_answer"),
  question_id: z.string(),
  selected: z.array(z.string()).default([]),
  freeform: z.string().optional(),
});
export const toolResultSchema = z.object({
  kind: z.literal("tool_result"),
  correlation_id: z.string(),
  success: z.boolean(),
  data: z.unknown().optional(),
  error: z.string().optional(),
});
export const subagentBatchResultSchema = z.object({
  kind: z.literal("subagent_batch_result"),
  batch_id: z.string(),
  responses: z.array(
    z.object({ invocation_id: z.string(), raw_text: z.string().optional(), error: z.string().optional() }),
  ),
});
export const fileWrittenSchema = z.object({
  kind: z.literal("file_written"),
  path: z.string(),
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
