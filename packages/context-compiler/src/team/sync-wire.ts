// What `/sync/*` carries, as zod schemas both ends check: the server its requests, the replica the
// server's answers (a malformed answer is refused before anything is written locally).
import { z } from "zod";
import { observeTool } from "../mcp/agent/observe.tool.js";
import { LIMITS, list, text } from "../mcp/input-limits.js";
import type { PortableAudit } from "../store/team/shipped-audit.js";

const MiB = 1024 * 1024;

/** Versions in one answer by default, and at most. */
export const VERSIONS_LIMIT = { default: 100, max: 500 } as const;
/** Bytes of versions in one answer: well under the 4 MiB answer limit; the cut answer says `more`. */
export const VERSIONS_ANSWER_BYTES = 2 * MiB;
/** Observations in one push, and the bytes of its body (one observation's payload may take 2 MiB). */
export const PUSH_LIMIT = { observations: 50, bodyBytes: 8 * MiB } as const;
/** Audit records in one push, and the bytes of its body. */
export const AUDIT_PUSH_LIMIT = { records: 200, bodyBytes: 8 * MiB } as const;

const manifestSchema = z.object({
  knowledge_version: z.number().int().positive(),
  documents: z.array(
    z.object({
      doc_id: z.string(),
      title: z.string(),
      kind: z.string(),
      content_hash: z.string(),
      source_path: z.string().nullable(),
      priority: z.number().int(),
      description: z.string().optional(),
    }),
  ),
  edges: z.array(
    z.object({
      edge_id: z.number().int().positive(),
      edge_type: z.string(),
      source_value: z.string(),
      target_doc_id: z.string(),
    }),
  ),
  layer_rules: z.array(z.object({ path_pattern: z.string(), layer_name: z.string() })),
  tags: z.array(z.object({ tag: z.string(), doc_id: z.string() })).optional(),
});

export const syncVersionSchema = z.object({
  knowledge_version: z.number().int().positive(),
  snapshot_id: z.string(),
  manifest_hash: z.string(),
  created_at: z.string(),
  manifest: manifestSchema,
  /** The blobs of this version's documents that the version before it did not reference, by hash. */
  contents: z.record(z.string(), z.string()),
});

export const syncVersionsAnswerSchema = z.object({
  server_version: z.number().int().nonnegative(),
  versions: z.array(syncVersionSchema),
  /** The answer was cut (by count or bytes): ask again after its last version. */
  more: z.boolean(),
  /**
   * The server's tag catalog now. Tags change without a version, so a replica caught up to
   * server_version takes them from here, or its compiles with intent tags would differ from the server's.
   */
  tags: z.array(z.object({ tag: z.string(), doc_id: z.string() })),
  /**
   * The doc_ids of the server's standing rules now (documents.origin; no snapshot carries it), so a
   * replica's prompt hook and rules.md have them too. Absent from servers older than this field.
   */
  standing: z.array(z.string()).optional(),
});

export type SyncVersion = z.infer<typeof syncVersionSchema>;
export type SyncVersionsAnswer = z.infer<typeof syncVersionsAnswerSchema>;

/** What observe takes, checked by observe's own input schema. */
export const observeArgsSchema = z.object(observeTool.input);
export type ObserveArgs = z.infer<typeof observeArgsSchema>;

export const pushRequestSchema = z.object({
  observations: list(
    z.object({ idempotency_key: text(LIMITS.id).min(1), arguments: observeArgsSchema }),
    PUSH_LIMIT.observations,
  ).min(1),
});

export const pushResultSchema = z.object({
  idempotency_key: z.string(),
  /** rejected: observe refused the arguments (its error says why); nothing was recorded, so retrying cannot help. */
  status: z.enum(["applied", "duplicate", "rejected"]),
  observation_id: z.string().nullable(),
  error: z.string().optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushAnswerSchema = z.object({ results: z.array(pushResultSchema) });

/**
 * One compile's audit as a replica ships it (store/team/shipped-audit.ts PortableAudit): doc ids and paths as
 * text, never the term ids its own database interned them under, and nothing naming its machine.
 */
export const auditRecordSchema = z.object({
  compile_id: text(LIMITS.id).min(1),
  created_at: z.iso.datetime(),
  status: z.enum(["ok", "error"]),
  knowledge_version: z.number().int().nonnegative(),
  snapshot_id: text(LIMITS.id).nullable(),
  inline_bytes: z.number().int().nonnegative(),
  max_inline_bytes: z.number().int().nonnegative(),
  deliveries: list(
    z.object({ doc_id: text(LIMITS.id), delivery: z.enum(["inline", "deferred", "omitted"]) }),
    LIMITS.ids,
  ),
  session_id: text(LIMITS.id).nullable(),
  target_files: list(text(LIMITS.path), LIMITS.files),
}) satisfies z.ZodType<PortableAudit>;

export const auditPushRequestSchema = z.object({
  records: list(auditRecordSchema, AUDIT_PUSH_LIMIT.records).min(1),
});

/** stored: new on the server; duplicates: its compile_id was there already, so the row was left as it was. */
export const auditPushAnswerSchema = z.object({
  stored: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
});
export type AuditPushAnswer = z.infer<typeof auditPushAnswerSchema>;
