// Configurable limits of the run service, with the defaults the design states.

export interface Limits {
  /** Runs in progress at once; start_pipeline beyond this is refused (retryable). */
  maxActiveRuns: number;
  /** A run untouched this long no longer holds a slot; a finished one is evicted. */
  idleMs: number;
  /** Finished runs kept, least recently used evicted first. */
  maxFinishedRuns: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxActiveRuns: 8,
  idleMs: 30 * 60 * 1000,
  maxFinishedRuns: 64,
};
