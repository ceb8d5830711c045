// The compile audit log: every compile, failed ones too, by compile_id (INV-5). A row keeps the request,
// the snapshot and tag catalog it compiled against, the result hash, and the packed outcome
// (audit-pack.ts): what the snapshot already holds is never copied into it.
import { canonicalJson, type Db } from "@archon/core";
import type { CompileRequest } from "../read/compile.js";
import {
  type AuditOutcome,
  budgetDrops,
  deliverySummary,
  legacyToOutcome,
  packOutcome,
  unpackOutcome,
} from "./audit-pack.js";
import { AuditTerms } from "./audit-terms.js";
import { statement } from "./statements.js";
import { recordTagCatalog } from "./tags.js";

export interface CompileLogEntry {
  compile_id: string;
  created_at: string;
  agent_id: string | null;
  request: CompileRequest;
  knowledge_version: number;
  snapshot_id: string | null;
  /** The tag catalog the compile used (null when it failed before reading one), kept for replay. */
  tag_catalog: { hash: string; bytes: string } | null;
  /** The knowledge by content (knowledge-hash.ts); null when the compile failed before reading it. */
  knowledge_hash: string | null;
  /** Null for a failed compile. */
  outcome: AuditOutcome | null;
  result_hash: string | null;
  error: string | null;
  duration_ms: number;
}

/** Writes one row; call inside a transaction (the batch's), with the terms of the same connection. */
export function writeCompileLog(db: Db, terms: AuditTerms, entry: CompileLogEntry): void {
  statement(
    db,
    `INSERT INTO compile_log (compile_id, created_at, agent_id, status, error, knowledge_version, snapshot_id,
       tag_catalog_hash, knowledge_hash, request, result_hash, outcome, duration_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.compile_id,
    entry.created_at,
    entry.agent_id,
    entry.error === null ? "ok" : "error",
    entry.error,
    entry.knowledge_version,
    entry.snapshot_id,
    entry.tag_catalog?.hash ?? null,
    entry.knowledge_hash,
    canonicalJson(entry.request),
    entry.result_hash,
    entry.outcome && packOutcome(entry.outcome, terms),
    entry.duration_ms,
  );
  if (entry.tag_catalog) recordTagCatalog(db, entry.tag_catalog.hash, entry.tag_catalog.bytes);
}

export interface CompileAudit {
  compile_id: string;
  created_at: string;
  agent_id: string | null;
  status: "ok" | "error";
  error: string | null;
  knowledge_version: number;
  snapshot_id: string | null;
  /** Null for compiles logged before migration 7, or that failed before reading the catalog. */
  tag_catalog_hash: string | null;
  /** Null for compiles logged before migration 21, or that failed before reading the knowledge. */
  knowledge_hash: string | null;
  request: CompileRequest;
  resolved_doc_ids: string[];
  result_hash: string | null;
  delivery: Record<string, unknown>;
  budget_drops: unknown[];
  near_miss_edges: unknown[];
  layer_classification: unknown[];
  duration_ms: number;
}

/** A compile_log row as SQLite gives it: the request still JSON, the outcome still packed. */
type LogRow = Pick<
  CompileAudit,
  | "compile_id"
  | "created_at"
  | "agent_id"
  | "status"
  | "error"
  | "knowledge_version"
  | "snapshot_id"
  | "tag_catalog_hash"
  | "knowledge_hash"
  | "result_hash"
  | "duration_ms"
> & { request: string; outcome: Buffer | null };

export function readCompileLog(
  db: Db,
  compileId: string,
  terms = new AuditTerms(() => db),
): CompileAudit | undefined {
  const row = db.prepare("SELECT * FROM compile_log WHERE compile_id = ?").get(compileId) as
    | LogRow
    | undefined;
  return row && auditOf(row, terms);
}

function auditOf(row: LogRow, terms: AuditTerms): CompileAudit {
  const head = {
    compile_id: row.compile_id,
    created_at: row.created_at,
    agent_id: row.agent_id,
    status: row.status,
    error: row.error,
    knowledge_version: row.knowledge_version,
    snapshot_id: row.snapshot_id,
    tag_catalog_hash: row.tag_catalog_hash,
    knowledge_hash: row.knowledge_hash,
    request: JSON.parse(row.request) as CompileRequest,
  };
  const tail = { result_hash: row.result_hash };
  if (row.outcome === null) {
    return {
      ...head,
      resolved_doc_ids: [],
      ...tail,
      delivery: {},
      budget_drops: [],
      near_miss_edges: [],
      layer_classification: [],
      duration_ms: row.duration_ms,
    };
  }
  const unpacked = unpackOutcome(row.outcome, terms);
  if ("legacy" in unpacked) {
    const { resolved_doc_ids, delivery, debug } = unpacked.legacy;
    return {
      ...head,
      resolved_doc_ids,
      ...tail,
      delivery,
      budget_drops: debug.budget_drops ?? [],
      near_miss_edges: debug.near_miss_edges ?? [],
      layer_classification: debug.layer_classification ?? [],
      duration_ms: row.duration_ms,
    };
  }
  const o = unpacked.packed;
  return {
    ...head,
    resolved_doc_ids: o.deliveries.map((d) => d.doc_id),
    ...tail,
    delivery: deliverySummary(o),
    budget_drops: budgetDrops(o.deliveries),
    near_miss_edges: o.near_miss_edges,
    layer_classification: o.layer_classification,
    duration_ms: row.duration_ms,
  };
}

/** One kept audit row as the readers over many rows need it. */
export interface LoggedOutcome {
  compile_id: string;
  created_at: string;
  status: "ok" | "error";
  /** Null for a failed compile. A legacy row (kept as JSON by migration 12) is read into the same shape. */
  outcome: AuditOutcome | null;
}

/**
 * Every kept audit row with its outcome unpacked, oldest first; only those created before `before` (an
 * ISO time) when given. For the passes over the whole log: usage, eval, near-miss counts, prune-log.
 */
export function* loggedOutcomes(
  db: Db,
  options: { before?: string } = {},
  terms = new AuditTerms(() => db),
): Generator<LoggedOutcome> {
  terms.loadAll();
  const rows = db
    .prepare(
      `SELECT compile_id, created_at, status, outcome FROM compile_log
       WHERE @before IS NULL OR created_at < @before ORDER BY created_at, compile_id`,
    )
    .iterate({ before: options.before ?? null }) as IterableIterator<{
    compile_id: string;
    created_at: string;
    status: "ok" | "error";
    outcome: Buffer | null;
  }>;
  for (const row of rows)
    yield {
      compile_id: row.compile_id,
      created_at: row.created_at,
      status: row.status,
      outcome: storedOutcome(row.outcome, terms),
    };
}

/** A stored outcome column read into the one shape: packed or legacy alike; null for a failed compile. */
export function storedOutcome(bytes: Buffer | null, terms: AuditTerms): AuditOutcome | null {
  const unpacked = bytes && unpackOutcome(bytes, terms);
  if (!unpacked) return null;
  return "packed" in unpacked ? unpacked.packed : legacyToOutcome(unpacked.legacy);
}
