// recall's blended score, as pure functions: text 1/2, recency 1/4, graph proximity 1/4, halved when the
// knowledge a hit cited has since been superseded. Each weight is named once here.
import { dirname } from "node:path/posix";

export const WEIGHTS = { text: 0.5, recency: 0.25, proximity: 0.25 } as const;
/** Recency halves about every 21 days (exp(-age/30)): last week's run outranks last quarter's. */
export const RECENCY_DAYS = 30;
export const SUPERSEDED_FACTOR = 0.5;

const DAY_MS = 24 * 3600 * 1000;

/** exp(-age_days / 30), 1 for anything in the future (a clock moved backwards must not boost a hit). */
export function recencyScore(at: string, now: Date): number {
  const age = Math.max(0, (now.getTime() - new Date(at).getTime()) / DAY_MS);
  return Math.exp(-age / RECENCY_DAYS);
}

/**
 * 1 when the hit touched one of the query's files, 0.5 for a file in the same folder or one import away
 * (once the code index exists), else 0. `imports` holds "a\0b" pairs.
 */
export function proximityScore(
  queryFiles: readonly string[],
  hitFiles: readonly string[],
  imports: ReadonlySet<string>,
): number {
  let best = 0;
  for (const q of queryFiles) {
    for (const h of hitFiles) {
      if (q === h) return 1;
      if (dirname(q) === dirname(h) || imports.has(`${q}\u0000${h}`)) best = 0.5;
    }
  }
  return best;
}

/** BM25 scores normalized within the result set: the best match is 1, no match 0. */
export function normalizeText(raw: ReadonlyMap<string, number>): Map<string, number> {
  const max = Math.max(0, ...raw.values());
  return new Map([...raw].map(([ref, score]) => [ref, max > 0 ? score / max : 0]));
}

export interface ComponentScores {
  text: number;
  recency: number;
  proximity: number;
  /** True when a document the hit cited changed or was retired since. */
  superseded: boolean;
}

/** Rounded to 6 places so equal inputs give equal bytes, and ties fall to the id. */
export function blend(c: ComponentScores): number {
  const sum = WEIGHTS.text * c.text + WEIGHTS.recency * c.recency + WEIGHTS.proximity * c.proximity;
  return round(c.superseded ? sum * SUPERSEDED_FACTOR : sum);
}

export const round = (n: number) => Math.round(n * 1e6) / 1e6;
