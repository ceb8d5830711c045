// Migration 12: the compact audit. Each compile_log row now keeps its outcome packed over interned terms
// (audit-pack.ts) instead of three JSON columns plus one compile_deliveries row per delivered document:
// about 35 KB of database per compile on a 10k-document knowledge base before, under 2 KB after. Every
// existing row is rewritten into the packed form; a row that packing would change in any way (an older
// debug shape, say) keeps its JSON verbatim in the legacy form, so get_compile_audit answers for it
// exactly what it answered before.
import { canonicalJson, type Migration } from "@archon/core";
import {
  type AuditOutcome,
  budgetDrops,
  deliverySummary,
  type LegacyAudit,
  legacyOutcome,
  legacyToOutcome,
  packOutcome,
  unpackOutcome,
} from "../audit-pack.js";
import { AuditTerms } from "../audit-terms.js";

interface OldRow {
  compile_id: string;
  resolved_doc_ids: string;
  delivery: string;
  debug: string;
  status: string;
}

export const compactAudit: Migration = {
  id: 12,
  name: "compact-audit",
  up(db) {
    db.exec(`
      CREATE TABLE audit_terms (term_id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE);
      ALTER TABLE compile_log ADD COLUMN outcome BLOB;
    `);
    const terms = new AuditTerms(() => db);
    const rows = db
      .prepare("SELECT compile_id, status, resolved_doc_ids, delivery, debug FROM compile_log")
      .all() as OldRow[];
    const update = db.prepare("UPDATE compile_log SET outcome = ? WHERE compile_id = ?");
    for (const row of rows) update.run(packedRow(row, terms), row.compile_id);
    db.exec(`
      DROP TABLE compile_deliveries;
      ALTER TABLE compile_log DROP COLUMN resolved_doc_ids;
      ALTER TABLE compile_log DROP COLUMN delivery;
      ALTER TABLE compile_log DROP COLUMN debug;
    `);
  },
};

/** The row's outcome packed when that gives back exactly what it held, else its JSON kept as it was. */
function packedRow(row: OldRow, terms: AuditTerms): Buffer | null {
  const legacy: LegacyAudit = {
    resolved_doc_ids: JSON.parse(row.resolved_doc_ids) as string[],
    delivery: JSON.parse(row.delivery) as Record<string, unknown>,
    debug: JSON.parse(row.debug) as LegacyAudit["debug"],
  };
  // A failed compile delivered nothing and had no budget.
  if (
    row.status === "error" &&
    legacy.resolved_doc_ids.length === 0 &&
    Object.keys(legacy.delivery).length === 0
  )
    return null;
  const kept = answeredBefore(legacy);
  try {
    const packed = packOutcome(legacyToOutcome(legacy), terms);
    const back = unpackOutcome(packed, terms);
    if ("packed" in back && canonicalJson(answeredAfter(back.packed)) === canonicalJson(kept)) return packed;
  } catch {
    // Not the shape packing knows: kept verbatim below.
  }
  return legacyOutcome(JSON.stringify(legacy));
}

function answeredBefore(legacy: LegacyAudit) {
  return {
    resolved_doc_ids: legacy.resolved_doc_ids,
    delivery: legacy.delivery,
    budget_drops: legacy.debug.budget_drops ?? [],
    near_miss_edges: legacy.debug.near_miss_edges ?? [],
    layer_classification: legacy.debug.layer_classification ?? [],
  };
}

function answeredAfter(o: AuditOutcome) {
  return {
    resolved_doc_ids: o.deliveries.map((d) => d.doc_id),
    delivery: deliverySummary(o),
    budget_drops: budgetDrops(o.deliveries),
    near_miss_edges: o.near_miss_edges,
    layer_classification: o.layer_classification,
  };
}
