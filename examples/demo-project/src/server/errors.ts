export type ErrorCode =
  | "validation_failed"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "invalid_transition"
  | "rate_limited"
  | "internal_error";

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_transition: 409,
  rate_limited: 429,
  internal_error: 500,
};

/** Throw this from routes and services; error-handler.ts turns it into the JSON envelope. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "HttpError";
    this.status = STATUS[code];
  }

  static notFound(resource: string, id: string): HttpError {
    return new HttpError("not_found", `${resource} ${id} does not exist`);
  }
}
