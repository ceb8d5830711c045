// Injected id generation: random in production, sequential in tests.
import { createHash, randomBytes } from "node:crypto";

export interface IdGenerator {
  /** A new id with the given prefix, e.g. `cmp_3f9a1c2b7d4e5f60`. */
  next(prefix: string): string;
}

export const randomIds: IdGenerator = {
  next: (prefix) => `${prefix}_${randomBytes(8).toString("hex")}`,
};

/** Ids `prefix_0001`, `prefix_0002`, ... counted per generator; deterministic for tests. */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return {
    next: (prefix) => {
      n += 1;
      return `${prefix}_${String(n).padStart(4, "0")}`;
    },
  };
}

/**
 * Ids derived from a seed and a count: the same seed gives the same ids in the same order, so a call
 * replayed from a log makes exactly the rows its first run made.
 */
export function derivedIds(seed: string): IdGenerator {
  let n = 0;
  return {
    next: (prefix) => {
      n += 1;
      return `${prefix}_${createHash("sha256").update(`${seed}:${n}`).digest("hex").slice(0, 16)}`;
    },
  };
}
