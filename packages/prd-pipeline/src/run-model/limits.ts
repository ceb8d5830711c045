// Configurable limits of the run service, with the defaults the design states, and the caps on what a host sends.

export interface Limits {
  /** Runs in progress at once; start_pipeline beyond this is refused (retryable). */
  maxActiveRuns: number;
  /** A run untouched this long no longer holds a slot; a finished one is evicted. */
  idleMs: number;
  /** Finished runs kept, least recently used evicted first. */
  maxFinishedRuns: number;
  /**
   * How long one submit_action_result holds a run's answer lease. A step takes milliseconds, so this only
   * matters when the process holding it died: the run is answerable again once it has passed.
   */
  leaseMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxActiveRuns: 8,
  idleMs: 30 * 60 * 1000,
  maxFinishedRuns: 64,
  leaseMs: 30 * 1000,
};

// Caps on every field a host sends. Each bounds the work and the stored state one call can cause; each is
// far above what an honest host sends, so only a runaway or hostile reply meets it.

/** One subagent's reply (a section draft, a judge verdict, a footer): drafts must stay under 12,000. */
export const MAX_REPLY_CHARS = 200_000;
/** A failure text: a response's `error`, a tool_result's `error`. */
export const MAX_ERROR_CHARS = 4_000;
/** A person's free-form answer; the same as a feature description. */
export const MAX_ANSWER_CHARS = 4_000;
/** Options picked in one answer, and the length of each (composed questions offer at most 6). */
export const MAX_SELECTED = 32;
export const MAX_OPTION_CHARS = 500;
/** A routing token or id echoed back: run_id, question_id, correlation_id, batch_id, invocation_id. */
export const MAX_TOKEN_CHARS = 256;
/** A path: file_written.path, codebase_path. */
export const MAX_PATH_CHARS = 4_096;
/** Responses in one batch, and judge replies in one conclude_verification (the largest full fleet fits). */
export const MAX_BATCH_RESPONSES = 2_000;
/** A tool_result's `data`, measured as JSON text (code-graph grounding is the largest honest one). */
export const MAX_TOOL_DATA_CHARS = 1_000_000;
/** A whole result of submit_action_result, as JSON text: what bounds a batch of many long replies. */
export const MAX_RESULT_CHARS = 4_000_000;
/**
 * A PRD or one section handed to a validator or a verification planner: real ones are under 100,000, and
 * validation is linear, so a 5 MiB export still fits one message (the transport reads 10 MiB).
 */
export const MAX_DOCUMENT_CHARS = 5 * 1024 * 1024;
/** Violations and unrecognised headings listed in a validate_prd_document answer; the rest are counted. */
export const MAX_LISTED_VIOLATIONS = 50;
export const MAX_LISTED_HEADINGS = 50;
/** A listed heading is cut to this length. */
export const MAX_HEADING_CHARS = 200;

/** The message of a field over its cap: names the limit so the host knows how far to cut. */
export function overLimit(limit: number, unit = "characters"): string {
  return `over the limit of ${limit} ${unit}`;
}

/** Length of a value as compact JSON text, the measure of caps on structured input; unserialisable counts as 0. */
export function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}
