// The run state: one zod schema, validated after every step and on every load from the store.
import { z } from "zod";
import { PRD_CONTEXTS } from "../sections/contexts.js";
import { recallItemSchema } from "../sections/recall.js";
import { SECTION_TYPES } from "../sections/section-catalogue.js";
import { violationSchema } from "../validation/types.js";
import {
  emptyImplementation,
  implementationStateSchema,
  strategyAssignmentSchema,
  strategyExecutionSchema,
  verificationStateSchema,
} from "./loop-state.js";
import { doneSchema, failedSchema, pendingActionSchema } from "./protocol.js";
import { EXTERNAL_SOURCES, type RunSources, runSourcesSchema } from "./sources.js";
import { isPhaseOf, STEP_NAMES, type StepName, type StepPhase } from "./step-phases.js";

export * from "./loop-state.js";

export const sectionStateSchema = z.object({
  type: z.enum(SECTION_TYPES),
  status: z.enum(["pending", "retrieving", "drafting", "passed", "failed"]),
  attempt: z.number().int().min(0),
  content: z.string().nullable(),
  violations: z.array(violationSchema),
  score: z.number().nullable(),
  recall: z.array(recallItemSchema),
  corrective_recall: z.array(recallItemSchema),
});
export type SectionState = z.infer<typeof sectionStateSchema>;

export const errorKindSchema = z.enum(["section_failure", "structural", "upstream_failure"]);
export type ErrorKind = z.infer<typeof errorKindSchema>;

export const runErrorSchema = z.object({
  kind: errorKindSchema,
  step: z.string(),
  message: z.string(),
  at: z.string(),
});
export type RunError = z.infer<typeof runErrorSchema>;

export const clarificationSchema = z.object({
  round: z.number().int(),
  question: z.string(),
  answer: z.string(),
  /** Who gave the answer (the person the host asked), and whether they picked an option, typed, or both. */
  answered_by: z.string().optional(),
  how: z.enum(["option", "typed", "option and typed"]).optional(),
});

export const composedQuestionSchema = z.object({
  text: z.string(),
  rationale: z.string(),
  options: z.array(z.object({ label: z.string(), description: z.string() })),
});
export type ComposedQuestion = z.infer<typeof composedQuestionSchema>;

const runStateFields = z.object({
  schema_version: z.literal(1),
  run_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(["running", "done", "failed"]),
  step: z.enum(STEP_NAMES),
  /** Checked against the step's declared phases by runStateSchema. */
  phase: z.string(),
  feature_description: z.string(),
  original_feature_description: z.string(),
  codebase_path: z.string().nullable(),
  /** The codebase folder relative to the project directory ("." for the project itself); null when outside it. */
  codebase_dir: z.string().nullable().default(null),
  sources: runSourcesSchema.default(EXTERNAL_SOURCES),
  skip_preflight: z.boolean(),
  requested_context: z.enum(PRD_CONTEXTS).nullable(),
  prd_context: z.enum(PRD_CONTEXTS).nullable(),
  memory_available: z.boolean(),
  pending: pendingActionSchema.nullable(),
  final_action: z.union([doneSchema, failedSchema]).nullable(),
  retries: z.number().int().min(0),
  global_recall: z.array(recallItemSchema),
  grounding: z.json().nullable(),
  git_history: z.string().nullable(),
  clarification_round: z.number().int().min(0),
  proceed: z.boolean(),
  current_question: composedQuestionSchema.nullable(),
  clarifications: z.array(clarificationSchema),
  clarifications_dropped: z.number().int().min(0),
  sections: z.array(sectionStateSchema),
  section_index: z.number().int().min(0),
  jira: z.object({ status: z.enum(["pending", "passed", "failed"]), content: z.string().nullable() }),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), confirmed: z.boolean() })),
  file_index: z.number().int().min(0),
  errors: z.array(runErrorSchema),
  errors_dropped: z.number().int().min(0),
  verification: verificationStateSchema.nullable().default(null),
  implementation: implementationStateSchema.default(emptyImplementation),
  strategy_assignments: z.array(strategyAssignmentSchema).default([]),
  strategy_executions: z.array(strategyExecutionSchema).default([]),
});
type RunStateFields = z.infer<typeof runStateFields>;

/** A run at step S, in one of the phases S declares. */
export type RunStateAt<S extends StepName> = Omit<RunStateFields, "step" | "phase"> & {
  step: S;
  phase: StepPhase<S>;
};
/** A run at any step; narrowing `step` narrows `phase` to that step's phases. */
export type RunState = { [S in StepName]: RunStateAt<S> }[StepName];

function inDeclaredPhase(state: RunStateFields): state is RunState {
  return isPhaseOf(state.step, state.phase);
}

export const runStateSchema = runStateFields.refine(inDeclaredPhase, {
  message: "phase is not one of the phases its step declares",
  path: ["phase"],
});

export const MAX_CLARIFICATIONS = 50;
export const MAX_ERRORS = 50;

export interface NewRunInput {
  run_id: string;
  now: string;
  feature_description: string;
  codebase_path?: string | null;
  codebase_dir?: string | null;
  sources?: RunSources;
  prd_context?: RunState["requested_context"];
  skip_preflight?: boolean;
}

export function initialState(input: NewRunInput): RunState {
  return {
    schema_version: 1,
    run_id: input.run_id,
    created_at: input.now,
    updated_at: input.now,
    status: "running",
    step: "banner",
    phase: "start",
    feature_description: input.feature_description,
    original_feature_description: input.feature_description,
    codebase_path: input.codebase_path ?? null,
    codebase_dir: input.codebase_dir ?? null,
    sources: input.sources ?? EXTERNAL_SOURCES,
    skip_preflight: input.skip_preflight ?? false,
    requested_context: input.prd_context ?? null,
    prd_context: null,
    // Assumed present until the preflight probe (or the first recall) says otherwise; never with no memory.
    memory_available: (input.sources ?? EXTERNAL_SOURCES).memory !== "none",
    pending: null,
    final_action: null,
    retries: 0,
    global_recall: [],
    grounding: null,
    git_history: null,
    clarification_round: 0,
    proceed: false,
    current_question: null,
    clarifications: [],
    clarifications_dropped: 0,
    sections: [],
    section_index: 0,
    jira: { status: "pending", content: null },
    files: [],
    file_index: 0,
    errors: [],
    errors_dropped: 0,
    verification: null,
    implementation: emptyImplementation(),
    strategy_assignments: [],
    strategy_executions: [],
  };
}

/** Appends an error, dropping the oldest beyond the cap and counting what was dropped. */
export function withError<T extends RunState>(state: T, kind: ErrorKind, message: string, at: string): T {
  const errors = [...state.errors, { kind, step: state.step, message: message.slice(0, 1000), at }];
  const excess = Math.max(0, errors.length - MAX_ERRORS);
  return { ...state, errors: errors.slice(excess), errors_dropped: state.errors_dropped + excess };
}

export function withClarification<T extends RunState>(
  state: T,
  entry: z.infer<typeof clarificationSchema>,
): T {
  const all = [...state.clarifications, entry];
  const excess = Math.max(0, all.length - MAX_CLARIFICATIONS);
  return {
    ...state,
    clarifications: all.slice(excess),
    clarifications_dropped: state.clarifications_dropped + excess,
  };
}
