// Shapes of canonical rows and canonical changes as the admin tools report them.
import { z } from "zod";
import { DOC_KINDS, DOC_STATUSES, EDGE_TYPES } from "../../vocabulary/knowledge-model.js";
import { OBSERVATION_EVENTS, PROPOSAL_STATUSES, PROPOSAL_TYPES } from "../../vocabulary/lifecycle.js";

export const edgeRowSchema = z.object({
  edge_id: z.number().int(),
  edge_type: z.enum(EDGE_TYPES),
  source_value: z.string(),
  target_doc_id: z.string(),
  status: z.enum(DOC_STATUSES),
  created_version: z.number().int(),
});

export const documentRowShape = {
  doc_id: z.string(),
  title: z.string(),
  kind: z.enum(DOC_KINDS),
  content: z.string(),
  content_hash: z.string(),
  content_bytes: z.number().int(),
  status: z.enum(DOC_STATUSES),
  source_path: z.string().nullable(),
  priority: z.number(),
  description: z.string().nullable(),
  created_version: z.number().int(),
  updated_version: z.number().int(),
};

export const edgeHintSchema = z.object({ edge_type: z.enum(EDGE_TYPES), source_value: z.string() });

/** What a canonical write changed (the standing-rules flag stays internal). */
export const knowledgeChangeSchema = z.object({
  documents_added: z.array(z.string()),
  documents_updated: z.array(z.string()),
  documents_removed: z.array(z.string()),
  edges_added: z.array(z.number().int()),
  edges_removed: z.array(z.number().int()),
});

/** The fields every canonical commit answers with. */
export const commitShape = {
  knowledge_version: z.number().int(),
  snapshot_id: z.string().nullable(),
  rules_file_written: z.boolean(),
  warnings: z.array(z.string()),
};

export const observationShape = {
  observation_id: z.string(),
  event_type: z.enum(OBSERVATION_EVENTS),
  // Free-form by design: each event type has its own payload, and three take any object.
  payload: z.record(z.string(), z.unknown()),
  agent_id: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(["new", "analyzed", "archived"]),
  analyzed_at: z.string().nullable(),
};

export const importFlagSchema = z.discriminatedUnion("flag", [
  z.object({ flag: z.literal("overlap"), doc_id: z.string(), score: z.number() }),
  z.object({ flag: z.literal("item_overlap"), doc_id: z.string(), score: z.number() }),
  z.object({ flag: z.literal("overlap_capped") }),
  z.object({ flag: z.literal("already_imported"), doc_id: z.string(), status: z.string() }),
  z.object({ flag: z.literal("oversize"), bytes: z.number().int(), limit: z.number().int() }),
  z.object({ flag: z.literal("no_edge_hints") }),
  z.object({ flag: z.literal("needs_scope"), reason: z.string() }),
  z.object({ flag: z.literal("secret"), warning: z.string() }),
]);

export const importItemSchema = z.object({
  doc_id: z.string(),
  title: z.string(),
  kind: z.enum(DOC_KINDS),
  kind_reason: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  suggested_tags: z.array(z.string()),
  edge_hints: z.array(edgeHintSchema),
  source_path: z.string(),
  content: z.string(),
  bytes: z.number().int(),
  flags: z.array(importFlagSchema),
});

export const plannedEdgeShape = {
  edge_type: z.enum(EDGE_TYPES),
  source_value: z.string(),
  target_doc_id: z.string(),
};

export const proposalShape = {
  proposal_id: z.string(),
  proposal_type: z.enum(PROPOSAL_TYPES),
  // Free-form by design: each proposal type has its own payload.
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(PROPOSAL_STATUSES),
  bundle_id: z.string().nullable(),
  source: z.string(),
  rationale: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  comment: z.string().nullable(),
  applied_version: z.number().int().nullable(),
};

/** The project files a check walked: from git, or a folder walk where there is none. */
export const projectFilesSchema = z.object({
  source: z.enum(["git", "walk"]),
  count: z.number().int(),
  truncated: z.boolean(),
});
