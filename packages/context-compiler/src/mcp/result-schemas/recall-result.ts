// The shape recall answers with: runs, ranked hits with their component scores, optional gaps.
import { z } from "zod";

export const recallScoresSchema = z.object({
  text: z.number(),
  recency: z.number(),
  proximity: z.number(),
  superseded: z.boolean(),
});

export const recallResultSchema = z.object({
  runs: z.array(
    z.object({
      run_id: z.string(),
      started_at: z.string(),
      last_seen_at: z.string(),
      surface: z.string(),
      session_id: z.string().nullable(),
      compiles: z.number().int(),
      files: z.array(z.string()),
    }),
  ),
  hits: z.array(
    z.object({
      kind: z.enum(["compile", "note"]),
      id: z.string(),
      run_id: z.string().nullable(),
      at: z.string(),
      files: z.array(z.string()),
      excerpt: z.string(),
      outcome: z.string().nullable(),
      origin: z.enum(["compile", "manual", "auto"]),
      score: z.number(),
      scores: recallScoresSchema,
    }),
  ),
  gaps: z
    .array(
      z.object({
        pattern: z.string(),
        doc_ids: z.array(z.string()),
        near_misses: z.number().int(),
        files: z.array(z.string()),
      }),
    )
    .optional(),
  truncated: z.boolean(),
});
