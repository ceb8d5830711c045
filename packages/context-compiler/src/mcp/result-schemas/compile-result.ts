// The shapes compile_context answers with and get_compile_audit reads back: one home, so both tools
// and the tests that parse them describe a compile the same way.
import { z } from "zod";
import { EDGE_TYPES } from "../../vocabulary/knowledge-model.js";

const contentMode = z.enum(["auto", "always", "metadata"]);

export const deliveredSectionSchema = z.object({
  heading: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  content: z.string().optional(),
});

export const deliveredDocSchema = z.object({
  doc_id: z.string(),
  title: z.string(),
  kind: z.string(),
  delivery: z.enum(["inline", "deferred", "omitted"]),
  content_bytes: z.number().int(),
  content_hash: z.string(),
  content: z.string().optional(),
  source_path: z.string().optional(),
  relevance: z.number().optional(),
  omit_reason: z.string().optional(),
  defer_reason: z.string().optional(),
  sections: z.array(deliveredSectionSchema).optional(),
  from_template: z.literal(true).optional(),
});

export const resolutionGroupSchema = z.object({
  via: z.enum(EDGE_TYPES),
  source_value: z.string(),
  matched: z.array(z.string()),
  doc_ids: z.array(z.string()),
});

export const nearMissSchema = z.object({
  file: z.string(),
  pattern: z.string(),
  doc_ids: z.array(z.string()),
});

export const layerClassificationSchema = z.object({
  file: z.string(),
  layer: z.string().nullable(),
  rule_pattern: z.string().nullable(),
});

export const budgetDropSchema = z.object({
  doc_id: z.string(),
  delivery: z.enum(["deferred", "omitted"]),
  reason: z.string(),
});

/** compile_context's structured result; debug_info only when include_debug asked for it. */
export const compileResultSchema = z.object({
  compile_id: z.string(),
  snapshot_id: z.string().nullable(),
  knowledge_version: z.number().int(),
  tag_catalog_hash: z.string(),
  knowledge_hash: z.string(),
  base: z.object({
    documents: z.array(deliveredDocSchema),
    templates: z.array(deliveredDocSchema),
    resolution_path: z.array(resolutionGroupSchema),
  }),
  expanded: z
    .object({
      tags: z.array(z.string()),
      described: z.array(z.string()),
      documents: z.array(deliveredDocSchema),
    })
    .optional(),
  budget: z.object({
    max_inline_bytes: z.number().int(),
    inline_bytes: z.number().int(),
    content_mode: contentMode,
    defer_reasons: z.array(z.string()),
  }),
  warnings: z.array(z.string()),
  notices: z.array(z.string()),
  suggestions: z
    .object({
      source: z.enum(["embeddings", "lexical"]),
      model: z.string().nullable(),
      documents: z.array(
        z.object({
          doc_id: z.string(),
          title: z.string(),
          source_path: z.string().nullable(),
          score: z.number(),
        }),
      ),
    })
    .optional(),
  debug_info: z
    .object({
      files: z.array(z.string()),
      near_miss_edges: z.array(nearMissSchema),
      layer_classification: z.array(layerClassificationSchema),
      budget_drops: z.array(budgetDropSchema),
      resolution_edge_ids: z.array(z.array(z.number().int())),
    })
    .optional(),
});

/** The request as the audit log keeps it (response_format is not part of a compile). */
export const compileRequestSchema = z.object({
  target_files: z.array(z.string()),
  target_layers: z.array(z.string()).optional(),
  command: z.string().optional(),
  plan: z.string().optional(),
  min_relevance: z.number().optional(),
  intent_tags: z.array(z.string()).optional(),
  max_inline_bytes: z.number().int().optional(),
  content_mode: contentMode.optional(),
  include_debug: z.boolean().optional(),
  agent_id: z.string().optional(),
});

export const compileReplaySchema = z.object({
  snapshot_id: z.string().nullable(),
  tag_catalog_hash: z.string(),
  knowledge_hash: z.string(),
  result_hash: z.string().nullable(),
  error: z.string().nullable(),
  same_result: z.boolean(),
});

/** get_compile_audit: the logged row, and the replay (null when its snapshot is gone). */
export const compileAuditSchema = z.object({
  compile_id: z.string(),
  created_at: z.string(),
  agent_id: z.string().nullable(),
  status: z.enum(["ok", "error"]),
  error: z.string().nullable(),
  knowledge_version: z.number().int(),
  snapshot_id: z.string().nullable(),
  tag_catalog_hash: z.string().nullable(),
  // Null for rows logged before knowledge_hash existed: their replay names it.
  knowledge_hash: z.string().nullable(),
  request: compileRequestSchema,
  resolved_doc_ids: z.array(z.string()),
  result_hash: z.string().nullable(),
  // Empty for a failed compile, which delivered nothing.
  delivery: z.union([
    z.object({
      inline: z.number().int(),
      deferred: z.number().int(),
      omitted: z.number().int(),
      inline_bytes: z.number().int(),
      max_inline_bytes: z.number().int(),
      budget_utilization: z.number(),
      content_mode: contentMode,
    }),
    z.object({}),
  ]),
  budget_drops: z.array(budgetDropSchema),
  near_miss_edges: z.array(nearMissSchema),
  layer_classification: z.array(layerClassificationSchema),
  duration_ms: z.number(),
  replay: compileReplaySchema.nullable(),
});
