// Shapes that several tools report about the database as a whole: the latest snapshot and row counts.
import { z } from "zod";

/** A snapshot as listed (its manifest left out); null before the first canonical write. */
export const snapshotSchema = z.object({
  snapshot_id: z.string(),
  knowledge_version: z.number().int(),
  created_at: z.string(),
  manifest_hash: z.string(),
  // The knowledge it holds, by content; null only for a snapshot imported from an export older than migration 23.
  knowledge_hash: z.string().nullable(),
});

// Keyed by status, kind or edge type as the database holds them; a value never present is left out.
const countsByKey = z.record(z.string(), z.number().int());

export const rowCountsShape = {
  documents_by_status: countsByKey,
  documents_by_kind: countsByKey,
  edges_by_type: countsByKey,
  proposals_by_status: countsByKey,
  observations_by_status: countsByKey,
  layer_rules: z.number().int(),
  tags: z.number().int(),
  snapshots: z.number().int(),
  compiles: z.number().int(),
  failed_compiles: z.number().int(),
};

export const conflictCandidateSchema = z.object({
  doc_id: z.string(),
  title: z.string(),
  overlap: z.number(),
  shared_terms: z.array(z.string()),
});
