// A compile's audit row made ready to store: the result hash, the outcome reduced to what the audit keeps,
// and every string the agent sent or that echoes it redacted (the agent writes the plan, file names and
// agent_id, and may paste a secret into any of them). Runs where the row is written, off the response path.
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

export function completeEntry(pending: PendingAudit): CompileLogEntry {
  const { outcome, memory: _memory, ...head } = pending;
  return {
    ...head,
    agent_id: redactValue(head.agent_id, "agent_id").value,
    request: redactValue(head.request, "request").value,
    error: redactValue(head.error, "error").value,
    outcome: outcome ? redactOutcome(auditOutcome(outcome)) : null,
    result_hash: outcome ? resultHash(outcome) : null,
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
