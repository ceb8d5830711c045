import type { RequestHandler } from "express";
import { HttpError } from "../errors";

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * In-memory token bucket keyed by account (or IP before login). Fine for the
 * single-process deployment; swap for a shared store before scaling out.
 */
export function rateLimit(opts: { capacity: number; refillPerSecond: number }): RequestHandler {
  const buckets = new Map<string, Bucket>();
  return (req, res, next) => {
    const key = req.user?.accountId ?? req.ip ?? "anonymous";
    const now = Date.now();
    const bucket = buckets.get(key) ?? { tokens: opts.capacity, updatedAt: now };
    const refilled = Math.min(opts.capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * opts.refillPerSecond);
    if (refilled < 1) {
      res.setHeader("Retry-After", Math.ceil((1 - refilled) / opts.refillPerSecond));
      return next(new HttpError("rate_limited", "Too many requests; slow down"));
    }
    buckets.set(key, { tokens: refilled - 1, updatedAt: now });
    next();
  };
}
