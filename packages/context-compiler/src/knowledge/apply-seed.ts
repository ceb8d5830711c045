// Applies a checked seed plan in one transaction: the file is the truth for the documents it lists.
import type { Db } from "@archon/core";
import { upsertDocument } from "../store/documents.js";
import { addEdge, deprecateEdge, type EdgeRow } from "../store/edges.js";
import { setDocTags } from "../store/tags.js";
import { bumpVersion, readVersion } from "../store/version.js";
import { edgeKey, seedEdges } from "./seed-edges.js";
import type { SeedPlan } from "./seed-file.js";
import { assertAdminSurface } from "./surface.js";
import type { WriteContext } from "./write-context.js";

export interface SeedSummary {
  documents: number;
  documents_changed: number;
  edges_added: number;
  edges_removed: number;
  layer_rules_added: number;
  changed: boolean;
  knowledge_version: number;
  snapshot_id: string | null;
}

export function applySeed(ctx: WriteContext, plan: SeedPlan): SeedSummary {
  assertAdminSurface(ctx.surface, "seed");
  const { db } = ctx;
  return db
    .transaction(() => {
      const version = readVersion(db) + 1;
      let documents_changed = 0;
      let edges_added = 0;
      let edges_removed = 0;
      for (const doc of plan.documents) {
        const changed = upsertDocument(
          db,
          { ...doc, status: "approved", source_path: doc.source_path },
          version,
        );
        if (changed) documents_changed += 1;
      }
      const wanted = seedEdges(plan);
      const wantedKeys = new Set(wanted.map(edgeKey));
      for (const edge of currentEdges(db, plan)) {
        if (!wantedKeys.has(edgeKey(edge))) {
          deprecateEdge(db, edge.edge_id);
          edges_removed += 1;
        }
      }
      for (const edge of wanted) if (addEdge(db, edge, version).created) edges_added += 1;
      let layer_rules_added = 0;
      const addRule = db.prepare(
        "INSERT OR IGNORE INTO layer_rules (path_pattern, layer_name) VALUES (?, ?)",
      );
      for (const rule of plan.layer_rules) layer_rules_added += addRule.run(rule.pattern, rule.layer).changes;
      for (const doc of plan.documents) if (doc.tags) setDocTags(db, doc.doc_id, doc.tags);

      const changed = documents_changed + edges_added + edges_removed + layer_rules_added > 0;
      const bumped = changed ? bumpVersion(db, ctx.clock) : undefined;
      return {
        documents: plan.documents.length,
        documents_changed,
        edges_added,
        edges_removed,
        layer_rules_added,
        changed,
        knowledge_version: bumped?.knowledge_version ?? readVersion(db),
        snapshot_id: bumped?.snapshot_id ?? null,
      };
    })
    .immediate();
}

/** Live edges owned by the plan's documents: those that reach them, and their own dependencies. */
function currentEdges(db: Db, plan: SeedPlan): EdgeRow[] {
  const select = db.prepare(
    `SELECT * FROM edges WHERE status = 'approved' AND (
       (target_doc_id = @id AND edge_type != 'doc_depends_on') OR (edge_type = 'doc_depends_on' AND source_value = @id))
     ORDER BY edge_id`,
  );
  return plan.documents.flatMap((d) => select.all({ id: d.doc_id }) as EdgeRow[]);
}
