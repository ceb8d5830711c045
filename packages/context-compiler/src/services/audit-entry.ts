// A compile's audit row made ready to store, in two steps. On the compile's thread, once the answer is on
// its way (audit-queue.ts): the result hash and the outcome reduced to what the audit keeps, so that only
// the small row crosses to the background writer. Where the row is written: every string the agent sent
// or that echoes it redacted (the agent writes the plan, file names and agent_id, and may paste a secret
// into any of them).
import { hashCanonical } from "@archon/core";
import { redactValue } from "../knowledge/secret-scan.js";
import { answeredDocs, type CompileOutcome } from "../read/compile.js";
import type { CompileLogEntry } from "../store/audit.js";
import type { AuditDelivery, AuditOutcome } from "../store/audit-pack.js";
import type { RunCompileMemory } from "../store/memory-runs.js";

/** What a compile hands to the audit queue: the row before hashing, packing and redaction. */
export type PendingAudit = Omit<CompileLogEntry, "outcome" | "result_hash"> & {
  outcome?: CompileOutcome;
  /** Written in the same transaction as the audit row; absent outside a server run. */
  memory?: RunCompileMemory;
};

/**
 * What the audit log and a replay compare: the outcome without its debug part, and without knowledge_hash.
 * In one database the snapshot and tag catalog the outcome names fix its knowledge_hash, so leaving it out
 * loses nothing, and rows logged before it existed replay to the same result_hash.
 */
export const resultHash = (outcome: CompileOutcome) =>
  hashCanonical({ ...outcome, debug: undefined, knowledge_hash: undefined });

/** The row as the compile's thread hands it to the writer: hashed and reduced, not yet redacted. */
export type HandedAudit = CompileLogEntry & { memory?: RunCompileMemory };

/**
 * Hashes the outcome and reduces it. Done on the compile's thread: there the hash meets the same string
 * objects the compile made, whose lengths and hashes V8 already knows, and what crosses to the writer
 * is a hundred small objects instead of the whole result with every inline text (docs/benchmarks.md).
 */
export function handOver(pending: PendingAudit): HandedAudit {
  const { outcome, ...head } = pending;
  return {
    ...head,
    outcome: outcome ? auditOutcome(outcome) : null,
    result_hash: outcome ? resultHash(outcome) : null,
  };
}

export function completeEntry(handed: HandedAudit): CompileLogEntry {
  const { memory: _memory, ...entry } = handed;
  return {
    ...entry,
    agent_id: redactValue(entry.agent_id, "agent_id").value,
    request: redactValue(entry.request, "request").value,
    error: redactValue(entry.error, "error").value,
    outcome: entry.outcome ? redactOutcome(entry.outcome) : null,
  };
}

/**
 * The reduced outcome with what the agent sent redacted: the target files, which the near misses and the
 * layer classification name. The deliveries are left as they are: doc ids and the allocator's reasons
 * come from the knowledge, which this database holds in clear anyway, and scanning a hundred of them per
 * row, new ones at every compile at 10k rules, was most of the writer's redaction work.
 */
function redactOutcome(o: AuditOutcome): AuditOutcome {
  return {
    ...o,
    near_miss_edges: redactValue(o.near_miss_edges, "debug").value,
    layer_classification: redactValue(o.layer_classification, "debug").value,
  };
}

function auditOutcome(o: CompileOutcome): AuditOutcome {
  const reasons = new Map(o.debug.budget_drops.map((d) => [d.doc_id, d.reason]));
  const deliveries = answeredDocs(o).map(
    (d): AuditDelivery => ({
      doc_id: d.doc_id,
      delivery: d.delivery,
      reason:
        d.delivery === "inline" ? null : (reasons.get(d.doc_id) ?? d.omit_reason ?? d.defer_reason ?? ""),
    }),
  );
  return {
    deliveries,
    budget: {
      inline_bytes: o.budget.inline_bytes,
      max_inline_bytes: o.budget.max_inline_bytes,
      content_mode: o.budget.content_mode,
    },
    near_miss_edges: o.debug.near_miss_edges,
    layer_classification: o.debug.layer_classification,
  };
}
