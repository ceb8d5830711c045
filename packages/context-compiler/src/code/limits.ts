// Bounds on what the code tools accept and return, in one place so the tool schemas and the services agree.

/** Longest symbol name or id accepted. */
export const MAX_SYMBOL_CHARS = 1_000;
/** search_logic_flow's default and hard cap on the calls a path may take. */
export const MAX_FLOW_DEPTH = 10;
/** Paths returned at the shortest distance; more are reported as truncated. */
export const MAX_FLOW_PATHS = 100;
/** Candidates listed for an ambiguous name. */
export const MAX_CANDIDATES = 50;

/**
 * Largest source file the code tools read (bytes): the index lists a larger one without parsing it, and
 * verify_done leaves its imports unchecked. Larger files are generated or vendored more often than written.
 */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Longest unified diff verify_done reads (characters). */
export const MAX_DIFF_CHARS = 5_000_000;
/** Files verify_done checks in one call (from the diff and changed_files together). */
export const MAX_CHANGED_FILES = 2_000;
/** Longest repo path accepted. */
export const MAX_PATH_CHARS = 4_096;
/** Affected tests returned, best first. */
export const MAX_AFFECTED_TESTS = 50;

/**
 * Parsing time one file may take (milliseconds). Measured here: the largest file the index reads (1 MiB
 * of ordinary TypeScript) parses in about 0.2 s, while 50 KB of nested brackets takes 4 s and 200 KB about
 * a minute; a file past the budget is reported as timed out.
 */
export const PARSE_BUDGET_MS = 2_000;
/**
 * Parsing time one verify_done call may spend over all its files (milliseconds): a change of many slow
 * files is checked in bounded time, the files past it reported unchecked.
 */
export const VERIFY_PARSE_BUDGET_MS = 10_000;

/** Parsing time for one file and for one verify_done call, in milliseconds; tests pass smaller ones. */
export interface ParseLimits {
  perFileMs: number;
  perCheckMs: number;
}
export const PARSE_LIMITS: ParseLimits = { perFileMs: PARSE_BUDGET_MS, perCheckMs: VERIFY_PARSE_BUDGET_MS };
