// The two kinds of failure: expected ones the caller can fix, and bugs.

/** An expected failure (bad input, missing file, refused operation). The message says what to do next. */
export class UserError extends Error {
  override readonly name = "UserError";
  constructor(
    message: string,
    readonly hint?: string,
    readonly field?: string,
  ) {
    super(message);
  }

  /** The message with its hint, as a person or an agent should read it. */
  describe(): string {
    return this.hint ? `${this.message}\nHint: ${this.hint}` : this.message;
  }
}

/** A bug: an invariant that should have held did not. Reported, never fatal to a server. */
export class InternalError extends Error {
  override readonly name = "InternalError";
}

// An absolute POSIX or Windows path: a run of two or more segments after a root.
const ABSOLUTE_PATH = /(?<![\w.:/\\])(?:[A-Za-z]:)?(?:[\\/][^\s'"`\\/:,;()]+){2,}[\\/]?/g;

/**
 * A bug's message with each absolute path cut to its last segment: the paths in a system error name
 * archon's own install folder, which an answer must not disclose. The full text goes to the server's log.
 */
const withoutPaths = (message: string) =>
  message.replace(ABSOLUTE_PATH, (path) => `…/${path.split(/[\\/]/).filter(Boolean).at(-1) ?? ""}`);

/** Text for any thrown value: expected errors with their hint, bugs without a stack trace or a path. */
export function describeError(error: unknown): string {
  if (error instanceof UserError) return error.describe();
  if (error instanceof Error) return `Internal error: ${withoutPaths(error.message)}`;
  return `Internal error: ${withoutPaths(String(error))}`;
}
