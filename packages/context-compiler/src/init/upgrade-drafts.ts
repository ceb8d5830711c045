// The proposals an upgrade diff calls for, one drafting step per kind of change; nothing is stored here.

import { edgeKey } from "../knowledge/seed-edges.js";
import type { SeedDocument } from "../knowledge/seed-file.js";
import type { ProposalInput } from "../store/proposals.js";
import type { UpgradeCheck, UpgradePlan } from "./check-upgrade.js";

export type Draft = { input: Omit<ProposalInput, "source" | "bundle_id">; subject: string };
export type Skipped = { subject: string; reason: string };

/** What every step appends to, the rationale prefix they share, and the new version's documents. */
interface Drafting {
  why: string;
  target: ReadonlyMap<string, SeedDocument>;
  drafts: Draft[];
  skipped: Skipped[];
}

/** The proposals a diff calls for, in a stable order: documents first, then edges. */
export function draftProposals(plan: UpgradePlan): { drafts: Draft[]; skipped: Skipped[] } {
  const { check } = plan;
  const out: Drafting = {
    why: `Template ${check.template} ${check.from_version} → ${check.to_version}`,
    target: new Map(plan.to.documents.map((d) => [d.doc_id, d])),
    drafts: [],
    skipped: [],
  };
  const carried = draftNewDocuments(out, plan);
  draftChangedDocuments(out, check);
  draftDeprecations(out, check);
  draftAddedEdges(out, plan, carried);
  draftRemovedEdges(out, check);
  if (check.layer_rules_added.length + check.layer_rules_removed.length > 0)
    out.skipped.push({
      subject: "layer_rules",
      reason: "layer rules are not proposals; apply them with a seed file",
    });
  return { drafts: out.drafts, skipped: out.skipped };
}

/** new_doc proposals, each carrying its own edges; returns the keys of the edges they carry. */
function draftNewDocuments(out: Drafting, plan: UpgradePlan): Set<string> {
  const { check } = plan;
  const carried = new Set<string>();
  for (const added of check.documents_added) {
    if (added.state === "conflict") {
      out.skipped.push({
        subject: added.doc_id,
        reason: "a different document with this doc_id already exists",
      });
      continue;
    }
    if (added.state !== "new") continue;
    const doc = out.target.get(added.doc_id) as SeedDocument;
    const own = check.edges_added.filter(
      (e) => e.state === "add" && e.target_doc_id === doc.doc_id && e.edge_type !== "doc_depends_on",
    );
    const deps = check.edges_added.filter(
      (e) => e.state === "add" && e.edge_type === "doc_depends_on" && e.source_value === doc.doc_id,
    );
    for (const e of [...own, ...deps]) carried.add(edgeKey(e));
    out.drafts.push({
      subject: doc.doc_id,
      input: {
        proposal_type: "new_doc",
        rationale: `${out.why} adds this document.`,
        payload: {
          doc_id: doc.doc_id,
          title: doc.title,
          kind: doc.kind,
          content: doc.content,
          priority: doc.priority,
          edge_hints: own.map((e) => ({ edge_type: e.edge_type, source_value: e.source_value })),
          depends_on: deps.map((e) => e.target_doc_id),
          ...(doc.tags ? { tags: doc.tags } : {}),
        },
      },
    });
  }
  return carried;
}

function draftChangedDocuments(out: Drafting, check: UpgradeCheck): void {
  for (const changed of check.documents_changed) {
    if (changed.state === "user_modified") {
      out.skipped.push({
        subject: changed.doc_id,
        reason: "changed by its users since the template created it; never overwritten",
      });
      continue;
    }
    if (changed.state !== "update") continue;
    const doc = out.target.get(changed.doc_id) as SeedDocument;
    const fields = Object.fromEntries(changed.fields.map((f) => [f, doc[f]]));
    out.drafts.push({
      subject: doc.doc_id,
      input: {
        proposal_type: "update_doc",
        rationale: `${out.why} changes ${changed.fields.join(", ")}.`,
        payload: { doc_id: doc.doc_id, ...fields, base_content_hash: changed.current_content_hash },
      },
    });
  }
}

function draftDeprecations(out: Drafting, check: UpgradeCheck): void {
  for (const removed of check.documents_removed) {
    if (removed.state === "user_modified") {
      out.skipped.push({
        subject: removed.doc_id,
        reason: "dropped by the template but changed by its users; kept",
      });
      continue;
    }
    if (removed.state !== "deprecate") continue;
    out.drafts.push({
      subject: removed.doc_id,
      input: {
        proposal_type: "deprecate_doc",
        rationale: `${out.why} drops this document.`,
        payload: { doc_id: removed.doc_id, reason: `${out.why} no longer ships it.` },
      },
    });
  }
}

/** add_edge proposals for the edges no new document carries, when both ends are the template's to reach. */
function draftAddedEdges(out: Drafting, plan: UpgradePlan, carried: ReadonlySet<string>): void {
  const { check } = plan;
  const created = new Set(check.documents_added.filter((d) => d.state === "new").map((d) => d.doc_id));
  // A document that is someone else's under the same doc_id gets none of the template's edges either.
  const foreign = new Set(check.documents_added.filter((d) => d.state === "conflict").map((d) => d.doc_id));
  for (const edge of check.edges_added) {
    if (edge.state !== "add" || carried.has(edgeKey(edge))) continue;
    const subject = `${edge.edge_type} ${edge.source_value} → ${edge.target_doc_id}`;
    const ends =
      edge.edge_type === "doc_depends_on" ? [edge.source_value, edge.target_doc_id] : [edge.target_doc_id];
    const gone = ends.filter((id) => !created.has(id) && !plan.live.has(id));
    if (gone.length > 0) {
      out.skipped.push({ subject, reason: `${gone.join(", ")} is not an approved document` });
      continue;
    }
    if (ends.some((id) => foreign.has(id))) {
      out.skipped.push({ subject, reason: "it reaches a document the template does not own" });
      continue;
    }
    const { state: _state, ...payload } = edge;
    out.drafts.push({
      subject,
      input: { proposal_type: "add_edge", rationale: `${out.why} adds this edge.`, payload },
    });
  }
}

function draftRemovedEdges(out: Drafting, check: UpgradeCheck): void {
  const deprecated = new Set(
    check.documents_removed.filter((d) => d.state === "deprecate").map((d) => d.doc_id),
  );
  for (const edge of check.edges_removed) {
    if (edge.state !== "remove" || edge.edge_id === null) continue;
    // Deprecating a document retires its edges already; a second removal would fail the bundle.
    if (deprecated.has(edge.target_doc_id) || deprecated.has(edge.source_value)) continue;
    out.drafts.push({
      subject: `edge ${edge.edge_id} (${edge.edge_type} ${edge.source_value} → ${edge.target_doc_id})`,
      input: {
        proposal_type: "remove_edge",
        rationale: `${out.why} drops this edge.`,
        payload: { edge_id: edge.edge_id },
      },
    });
  }
}
