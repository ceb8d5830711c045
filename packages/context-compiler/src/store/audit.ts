// The compile audit log: every compile, failed ones too, by compile_id (INV-5).
import { canonicalJson, type Db } from "@archon/core";
import type { CompileOutcome, CompileRequest } from "../read/compile.js";
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
  outcome?: CompileOutcome;
  result_hash: string | null;
  error: string | null;
  duration_ms: number;
}

export function writeCompileLog(db: Db, entry: CompileLogEntry): void {
  const o = entry.outcome;
  const all = o ? [...o.base.documents, ...o.base.templates, ...(o.expanded?.documents ?? [])] : [];
  const count = (d: string) => all.filter((x) => x.delivery === d).length;
  const delivery = o
    ? {
        inline: count("inline"),
        deferred: count("deferred"),
        omitted: count("omitted"),
        inline_bytes: o.budget.inline_bytes,
        max_inline_bytes: o.budget.max_inline_bytes,
        budget_utilization: Math.round((o.budget.inline_bytes / o.budget.max_inline_bytes) * 10_000) / 10_000,
        content_mode: o.budget.content_mode,
      }
    : {};
  const insertLog = db.prepare(
    `INSERT INTO compile_log (compile_id, created_at, agent_id, status, error, knowledge_version, snapshot_id,
       request, resolved_doc_ids, result_hash, delivery, debug, duration_ms, tag_catalog_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // The audit row and its per-document rows land together or not at all.
  const deliveries = db.prepare(
    "INSERT OR IGNORE INTO compile_deliveries (compile_id, doc_id, delivery) VALUES (?, ?, ?)",
  );
  db.transaction(() => {
    insertLog.run(
      entry.compile_id,
      entry.created_at,
      entry.agent_id,
      entry.error === null ? "ok" : "error",
      entry.error,
      entry.knowledge_version,
      entry.snapshot_id,
      canonicalJson(entry.request),
      JSON.stringify(all.map((d) => d.doc_id)),
      entry.result_hash,
      JSON.stringify(delivery),
      JSON.stringify(o?.debug ?? {}),
      entry.duration_ms,
      entry.tag_catalog?.hash ?? null,
    );
    if (entry.tag_catalog) recordTagCatalog(db, entry.tag_catalog.hash, entry.tag_catalog.bytes);
    for (const d of all) deliveries.run(entry.compile_id, d.doc_id, d.delivery);
  })();
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
  request: CompileRequest;
  resolved_doc_ids: string[];
  result_hash: string | null;
  delivery: Record<string, unknown>;
  budget_drops: unknown[];
  near_miss_edges: unknown[];
  layer_classification: unknown[];
  duration_ms: number;
}

export function readCompileLog(db: Db, compileId: string): CompileAudit | undefined {
  const row = db.prepare("SELECT * FROM compile_log WHERE compile_id = ?").get(compileId) as
    | Record<string, string | number | null>
    | undefined;
  if (!row) return undefined;
  const debug = JSON.parse(row.debug as string) as Partial<CompileOutcome["debug"]>;
  return {
    compile_id: row.compile_id as string,
    created_at: row.created_at as string,
    agent_id: row.agent_id as string | null,
    status: row.status as "ok" | "error",
    error: row.error as string | null,
    knowledge_version: row.knowledge_version as number,
    snapshot_id: row.snapshot_id as string | null,
    tag_catalog_hash: row.tag_catalog_hash as string | null,
    request: JSON.parse(row.request as string) as CompileRequest,
    resolved_doc_ids: JSON.parse(row.resolved_doc_ids as string) as string[],
    result_hash: row.result_hash as string | null,
    delivery: JSON.parse(row.delivery as string) as Record<string, unknown>,
    budget_drops: debug.budget_drops ?? [],
    near_miss_edges: debug.near_miss_edges ?? [],
    layer_classification: debug.layer_classification ?? [],
    duration_ms: row.duration_ms as number,
  };
}
