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

/** Text for any thrown value, without a stack trace for expected errors. */
export function describeError(error: unknown): string {
  if (error instanceof UserError) return error.describe();
  if (error instanceof Error) return `Internal error: ${error.message}`;
  return `Internal error: ${String(error)}`;
}
