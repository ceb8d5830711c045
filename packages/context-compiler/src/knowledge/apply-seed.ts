// Applies a checked seed plan through the one commit path: the file is the truth for the documents it lists.
import type { Db } from "@archon/core";
import { documentState, upsertDocument } from "../store/documents.js";
import { addEdge, deprecateEdge, edgesOwnedBy } from "../store/edges.js";
import { addLayerRule } from "../store/layer-rules.js";
import { setDocTags } from "../store/tags.js";
import { type Committed, commitKnowledge, type KnowledgeWork } from "./approval/commit-knowledge.js";
import { isChanged, noChange, recordDocumentWrite } from "./approval/knowledge-change.js";
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

/** The seed's rows as knowledge work, for callers that land more in the same commit (init_confirm). */
export const seedWork =
  (db: Db, plan: SeedPlan): KnowledgeWork<undefined> =>
  (version) => {
    const change = noChange();
    for (const doc of plan.documents) {
      const before = documentState(db, doc.doc_id);
      if (upsertDocument(db, { ...doc, status: "approved", source_path: doc.source_path }, version))
        recordDocumentWrite(change, doc.doc_id, before);
    }
    const wanted = seedEdges(plan);
    const wantedKeys = new Set(wanted.map(edgeKey));
    for (const edge of plan.documents.flatMap((d) => edgesOwnedBy(db, d.doc_id))) {
      if (wantedKeys.has(edgeKey(edge))) continue;
      deprecateEdge(db, edge.edge_id);
      change.edges_removed.push(edge.edge_id);
    }
    for (const edge of wanted) {
      const added = addEdge(db, edge, version);
      if (added.created) change.edges_added.push(added.edge_id);
    }
    for (const rule of plan.layer_rules)
      if (addLayerRule(db, rule.pattern, rule.layer)) change.layer_rules_added += 1;
    for (const doc of plan.documents) if (doc.tags) setDocTags(db, doc.doc_id, doc.tags);
    return { change, value: undefined };
  };

export function seedSummary(plan: SeedPlan, committed: Committed<unknown>): SeedSummary {
  const { change } = committed;
  return {
    documents: plan.documents.length,
    documents_changed: change.documents_added.length + change.documents_updated.length,
    edges_added: change.edges_added.length,
    edges_removed: change.edges_removed.length,
    layer_rules_added: change.layer_rules_added,
    changed: isChanged(change),
    knowledge_version: committed.knowledge_version,
    snapshot_id: committed.snapshot_id,
  };
}

export function applySeed(ctx: WriteContext, plan: SeedPlan): SeedSummary {
  assertAdminSurface(ctx.surface, "seed");
  return seedSummary(plan, commitKnowledge(ctx, seedWork(ctx.db, plan)));
}
