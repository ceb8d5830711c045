import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import { ZodError } from "zod";
import { HttpError } from "../errors";
import { logger } from "../../lib/logger";

/** Wrap async handlers so rejected promises reach the error handler. */
export function asyncHandler(fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const requestId = String(res.locals.requestId ?? "unknown");
  let httpError: HttpError;
  if (err instanceof HttpError) {
    httpError = err;
  } else if (err instanceof ZodError) {
    httpError = new HttpError("validation_failed", "Request body is invalid", err.flatten().fieldErrors as Record<string, string[]>);
  } else {
    logger.error("unhandled error", { requestId, path: req.path, err: err instanceof Error ? err.stack : String(err) });
    httpError = new HttpError("internal_error", "Something went wrong on our side");
  }
  if (httpError.status < 500) {
    logger.info("request rejected", { requestId, code: httpError.code, path: req.path });
  }
  res.status(httpError.status).json({
    error: { code: httpError.code, message: httpError.message, details: httpError.details, requestId },
  });
};
