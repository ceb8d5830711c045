// The shapes of the bounded answers the server builds from a run (the state views) and from a validation,
// as zod schemas: the tools declare them as output schemas, and tests parse answers with them.
import { z } from "zod";
import { violationSchema } from "../validation/types.js";
import { stateSummarySchema } from "./envelope.js";
import { actionSchema, invocationSchema, pendingActionSchema, spawnSubagentsSchema } from "./protocol.js";
import { runStateSchema, sectionStateSchema } from "./state.js";

/** What an answer cut to fit the bound left out (omitted) or shortened (elided), and how to read the rest. */
export const boundedNoteSchema = z.object({
  omitted: z.array(z.string()),
  elided: z.array(z.string()),
  hint: z.string().optional(),
});
export type BoundedNote = z.infer<typeof boundedNoteSchema>;

const state = runStateSchema.shape;
const count = z.number().int().min(0);

export const summaryViewSchema = z.object({
  run_id: z.string(),
  status: state.status,
  current_step: state.step,
  prd_context: state.prd_context,
  feature_description: z.string(),
  /** The kind of the action the run waits on. */
  pending_action: z.string().nullable(),
  final_action: state.final_action,
  state_summary: stateSummarySchema,
  errors_dropped: count,
  files: state.files,
});
export type SummaryView = z.infer<typeof summaryViewSchema>;

/** The whole state; a field shed to fit is absent, and the pending action may be cut to its kind. */
export const fullViewSchema = z
  .object(state)
  .partial()
  .extend({
    run_id: z.string(),
    status: state.status,
    step: state.step,
    phase: z.string(),
    errors: state.errors,
    errors_dropped: count,
    pending: z
      .union([pendingActionSchema, z.object({ kind: z.string(), elided: z.literal(true) })])
      .nullable()
      .optional(),
    __bounded: boundedNoteSchema,
  });
export type FullView = z.infer<typeof fullViewSchema>;

export const groundingViewSchema = z.object({
  run_id: z.string(),
  grounding: state.grounding,
  graph_validation: z.json().nullable(),
  git_history: state.git_history,
  global_recall: state.global_recall,
  /** A grounding too large for one answer: its JSON, cut to fit (grounding is then null). */
  grounding_text: z.string().optional(),
  graph_validation_text: z.string().optional(),
  __bounded: boundedNoteSchema.optional(),
});
export type GroundingView = z.infer<typeof groundingViewSchema>;

export const validationSectionSchema = z.object({
  type: z.string(),
  status: z.string(),
  attempts: count,
  score: z.number().nullable(),
  violations: z.array(violationSchema),
  violations_omitted: count,
});
export const validationViewSchema = z.object({
  run_id: z.string(),
  sections: z.array(validationSectionSchema),
});
export type ValidationView = z.infer<typeof validationViewSchema>;

/** An invocation of a paged batch; a prompt too large for one answer comes in parts the host joins. */
export const pagedInvocationSchema = invocationSchema.extend({
  prompt_part: z.object({ index: count, count: count }).optional(),
});
export type PagedInvocation = z.infer<typeof pagedInvocationSchema>;
/** A batch of subagents as one page carries it. */
export const pagedBatchSchema = spawnSubagentsSchema.extend({ invocations: z.array(pagedInvocationSchema) });
export const pagedActionSchema = z.union([actionSchema, pagedBatchSchema]);

export const actionPageSchema = z.object({
  action: pagedActionSchema,
  part: count,
  next_part: count.nullable(),
  __bounded: boundedNoteSchema.optional(),
});
export type ActionPage = z.infer<typeof actionPageSchema>;
export const actionViewSchema = actionPageSchema.extend({
  run_id: z.string(),
  action: pagedActionSchema.nullable(),
});
export type ActionView = z.infer<typeof actionViewSchema>;

/** A view too large for any answer: what identifies it, and the note saying where to read the rest. */
export const cutViewSchema = z.object({
  run_id: z.string(),
  status: state.status.optional(),
  current_step: state.step.optional(),
  part: count.optional(),
  next_part: count.nullable().optional(),
  __bounded: boundedNoteSchema,
});
export type CutView = z.infer<typeof cutViewSchema>;

/**
 * get_pipeline_state's answer: one object (an output schema cannot be a union), holding the fields of
 * whichever format was asked for. Each format's own schema above is the precise one.
 */
export const pipelineStateSchema = z.object({
  ...fullViewSchema.partial().shape,
  ...summaryViewSchema.partial().shape,
  ...groundingViewSchema.partial().shape,
  ...actionViewSchema.partial().shape,
  ...cutViewSchema.partial().shape,
  run_id: z.string(),
  sections: z.array(z.union([sectionStateSchema, validationSectionSchema])).optional(),
  __bounded: boundedNoteSchema.optional(),
});
export type PipelineStateView =
  | SummaryView
  | FullView
  | GroundingView
  | ValidationView
  | ActionView
  | CutView;

export const sectionResultSchema = z.object({
  section_type: z.string(),
  violations: z.array(violationSchema),
  rules_checked: count,
  rules_passed: count,
  has_critical: z.boolean(),
  score: z.number(),
});

const listedResultSchema = sectionResultSchema.extend({ violations_omitted: count });

/** validate_prd_document's answer: per-section counts, the listed violations, and what was left out. */
export const documentAnswerSchema = z.object({
  sections: z.array(sectionResultSchema.extend({ violations: count })),
  document: listedResultSchema,
  overall: listedResultSchema,
  unrecognised_headings: z.array(z.string()),
  unrecognised_headings_omitted: count,
  truncated: z.boolean(),
});
export type DocumentAnswer = z.infer<typeof documentAnswerSchema>;
