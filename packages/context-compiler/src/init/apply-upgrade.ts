// apply_upgrade: turns the upgrade diff into pending proposals sharing one bundle_id; nothing is applied here.

import { type IdGenerator, UserError } from "@archon/core";
import { step } from "../knowledge/next-step.js";
import { edgeKey } from "../knowledge/seed-edges.js";
import type { SeedDocument } from "../knowledge/seed-file.js";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { createProposal, type ProposalInput, pendingUpgradeBundles } from "../store/proposals.js";
import { planUpgrade, type UpgradePlan } from "./check-upgrade.js";

export interface ApplyUpgradeResult {
  template: string;
  from_version: string;
  to_version: string;
  bundle_id: string | null;
  proposals: { proposal_id: string; proposal_type: string; subject: string }[];
  /** What the upgrade leaves alone, and why. */
  skipped: { subject: string; reason: string }[];
  next_step: string;
}

type Draft = { input: Omit<ProposalInput, "source" | "bundle_id">; subject: string };

/** The proposals a diff calls for, in a stable order: documents first, then edges. */
export function draftProposals(plan: UpgradePlan): {
  drafts: Draft[];
  skipped: ApplyUpgradeResult["skipped"];
} {
  const { check, to } = plan;
  const why = `Template ${check.template} ${check.from_version} → ${check.to_version}`;
  const target = new Map(to.documents.map((d) => [d.doc_id, d]));
  const drafts: Draft[] = [];
  const skipped: ApplyUpgradeResult["skipped"] = [];
  const created = new Set(check.documents_added.filter((d) => d.state === "new").map((d) => d.doc_id));
  const deprecated = new Set(
    check.documents_removed.filter((d) => d.state === "deprecate").map((d) => d.doc_id),
  );
  // A document that is someone else's under the same doc_id gets none of the template's edges either.
  const foreign = new Set(check.documents_added.filter((d) => d.state === "conflict").map((d) => d.doc_id));
  const carried = new Set<string>();
  for (const added of check.documents_added) {
    if (added.state === "conflict") {
      skipped.push({ subject: added.doc_id, reason: "a different document with this doc_id already exists" });
      continue;
    }
    if (added.state !== "new") continue;
    const doc = target.get(added.doc_id) as SeedDocument;
    const own = check.edges_added.filter(
      (e) => e.state === "add" && e.target_doc_id === doc.doc_id && e.edge_type !== "doc_depends_on",
    );
    const deps = check.edges_added.filter(
      (e) => e.state === "add" && e.edge_type === "doc_depends_on" && e.source_value === doc.doc_id,
    );
    for (const e of [...own, ...deps]) carried.add(edgeKey(e));
    drafts.push({
      subject: doc.doc_id,
      input: {
        proposal_type: "new_doc",
        rationale: `${why} adds this document.`,
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
  for (const changed of check.documents_changed) {
    if (changed.state === "user_modified") {
      skipped.push({
        subject: changed.doc_id,
        reason: "changed by its users since the template created it; never overwritten",
      });
      continue;
    }
    if (changed.state !== "update") continue;
    const doc = target.get(changed.doc_id) as SeedDocument;
    const fields = Object.fromEntries(changed.fields.map((f) => [f, doc[f]]));
    drafts.push({
      subject: doc.doc_id,
      input: {
        proposal_type: "update_doc",
        rationale: `${why} changes ${changed.fields.join(", ")}.`,
        payload: { doc_id: doc.doc_id, ...fields, base_content_hash: changed.current_content_hash },
      },
    });
  }
  for (const removed of check.documents_removed) {
    if (removed.state === "user_modified") {
      skipped.push({
        subject: removed.doc_id,
        reason: "dropped by the template but changed by its users; kept",
      });
      continue;
    }
    if (removed.state !== "deprecate") continue;
    drafts.push({
      subject: removed.doc_id,
      input: {
        proposal_type: "deprecate_doc",
        rationale: `${why} drops this document.`,
        payload: { doc_id: removed.doc_id, reason: `${why} no longer ships it.` },
      },
    });
  }
  for (const edge of check.edges_added) {
    if (edge.state !== "add" || carried.has(edgeKey(edge))) continue;
    const subject = `${edge.edge_type} ${edge.source_value} → ${edge.target_doc_id}`;
    const ends =
      edge.edge_type === "doc_depends_on" ? [edge.source_value, edge.target_doc_id] : [edge.target_doc_id];
    const gone = ends.filter((id) => !created.has(id) && !plan.live.has(id));
    if (gone.length > 0) {
      skipped.push({ subject, reason: `${gone.join(", ")} is not an approved document` });
      continue;
    }
    if (ends.some((id) => foreign.has(id))) {
      skipped.push({ subject, reason: "it reaches a document the template does not own" });
      continue;
    }
    const { state: _state, ...payload } = edge;
    drafts.push({
      subject,
      input: { proposal_type: "add_edge", rationale: `${why} adds this edge.`, payload },
    });
  }
  for (const edge of check.edges_removed) {
    if (edge.state !== "remove" || edge.edge_id === null) continue;
    // Deprecating a document retires its edges already; a second removal would fail the bundle.
    if (deprecated.has(edge.target_doc_id) || deprecated.has(edge.source_value)) continue;
    drafts.push({
      subject: `edge ${edge.edge_id} (${edge.edge_type} ${edge.source_value} → ${edge.target_doc_id})`,
      input: {
        proposal_type: "remove_edge",
        rationale: `${why} drops this edge.`,
        payload: { edge_id: edge.edge_id },
      },
    });
  }
  if (check.layer_rules_added.length + check.layer_rules_removed.length > 0)
    skipped.push({
      subject: "layer_rules",
      reason: "layer rules are not proposals; apply them with a seed file",
    });
  return { drafts, skipped };
}

export function applyUpgrade(
  ctx: WriteContext & { ids: IdGenerator },
  templatesDir: string,
): ApplyUpgradeResult {
  assertAdminSurface(ctx.surface, "apply_upgrade");
  const plan = planUpgrade(ctx, templatesDir);
  const { check } = plan;
  const pending = pendingUpgradeBundles(ctx.db);
  if (pending.length > 0) {
    throw new UserError(
      `An upgrade bundle is already waiting for a decision (${pending.join(", ")}); nothing was proposed.`,
      `Approve or reject it first (${step(ctx.channel, "approve_proposal_bundle", { bundle_id: pending[0] as string })} / ${step(ctx.channel, "reject_proposal")}), then call ${step(ctx.channel, "sync_init_manifest")}.`,
    );
  }
  const base = { template: check.template, from_version: check.from_version, to_version: check.to_version };
  if (check.up_to_date)
    return { ...base, bundle_id: null, proposals: [], skipped: [], next_step: check.next_step };
  const { drafts, skipped } = draftProposals(plan);
  if (drafts.length === 0) {
    return {
      ...base,
      bundle_id: null,
      proposals: [],
      skipped,
      next_step: `Nothing to propose: call ${step(ctx.channel, "sync_init_manifest")} to record ${check.template} ${check.to_version}.`,
    };
  }
  const bundle_id = ctx.ids.next("bundle");
  // All proposals or none: a payload refused half-way leaves no partial bundle behind.
  const proposals = ctx.db
    .transaction(() =>
      drafts.map((d) => {
        const p = createProposal(ctx.db, { ...d.input, source: "upgrade", bundle_id }, ctx.clock, ctx.ids);
        return { proposal_id: p.proposal_id, proposal_type: p.proposal_type, subject: d.subject };
      }),
    )
    .immediate();
  return {
    ...base,
    bundle_id,
    proposals,
    skipped,
    next_step: `A person approves bundle ${bundle_id} (${step(ctx.channel, "preflight_proposal_bundle", { bundle_id })}, then ${step(ctx.channel, "approve_proposal_bundle", { bundle_id })}), or rejects its proposals; afterwards call ${step(ctx.channel, "sync_init_manifest")}, or the same upgrade is offered again.`,
  };
}
