// execute_import_plan: a reviewed plan becomes pending new_doc proposals sharing one bundle, all or nothing.

import { type IdGenerator, UserError } from "@archon/core";
import { docIdInUse, documentState } from "../../store/documents.js";
import { parsePayload } from "../../store/proposal-payloads.js";
import { createProposal, pendingNewDocs } from "../../store/proposals.js";
import type { DocKind } from "../../vocabulary/knowledge-model.js";
import { type EdgeHint, edgeHintProblems } from "../edge-hints.js";
import { type Channel, step } from "../next-step.js";
import { sourcePathOutside } from "../project-path.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";

export interface PlanItem {
  doc_id: string;
  title: string;
  kind?: DocKind;
  content: string;
  source_path?: string | null;
  priority?: number;
  /** What a plan is matched against, for a document reached by relevance rather than an edge. */
  description?: string;
  edge_hints?: EdgeHint[];
  depends_on?: string[];
  tags?: string[];
}

export interface ExecuteResult {
  bundle_id: string;
  proposals: { proposal_id: string; doc_id: string }[];
  next_step: string;
}

export const nextStepFor = (channel: Channel, bundleId: string) =>
  `Nothing is canonical yet. Check the bundle with ${step(channel, "preflight_proposal_bundle", { bundle_id: bundleId })}; then a person approves it with ${step(channel, "approve_proposal_bundle", { bundle_id: bundleId })}, which lands every document and its edges as one version.`;

const payloadOf = (item: PlanItem) => ({
  doc_id: item.doc_id,
  title: item.title,
  kind: item.kind ?? "guideline",
  content: item.content,
  source_path: item.source_path ?? null,
  priority: item.priority ?? 100,
  ...(item.description !== undefined ? { description: item.description } : {}),
  edge_hints: item.edge_hints ?? [],
  depends_on: item.depends_on ?? [],
  ...(item.tags !== undefined ? { tags: [...new Set(item.tags)].sort() } : {}),
});

/** Every reason the plan cannot land, each naming its item; collisions first. */
function planProblems(ctx: WriteContext, items: readonly PlanItem[]): string[] {
  const problems: string[] = [];
  const positions = new Map<string, number[]>();
  items.forEach((item, i) => {
    positions.set(item.doc_id, [...(positions.get(item.doc_id) ?? []), i]);
  });
  const proposed = new Map(pendingNewDocs(ctx.db).map((p) => [p.doc_id, p.proposal_id]));
  for (const [docId, at] of positions) {
    if (at.length > 1)
      problems.push(`doc_id "${docId}" appears ${at.length} times in the plan (items ${at.join(", ")})`);
    const status = documentState(ctx.db, docId)?.status;
    if (status) problems.push(`doc_id "${docId}" (item ${at[0]}) already exists (${status})`);
    const proposal = proposed.get(docId);
    if (proposal)
      problems.push(`doc_id "${docId}" (item ${at[0]}) is already proposed by pending ${proposal}`);
  }
  const planned = new Set(positions.keys());
  items.forEach((item, i) => {
    try {
      parsePayload("new_doc", payloadOf(item));
    } catch (error) {
      problems.push(`item ${i}: ${(error as Error).message.replace(/\.$/, "")}`);
      return;
    }
    const outside = item.source_path ? sourcePathOutside(ctx.projectRoot, item.source_path) : undefined;
    if (outside) problems.push(`item ${i}: ${outside}`);
    for (const hint of item.edge_hints ?? [])
      for (const p of edgeHintProblems(ctx.db, item.doc_id, hint, planned)) problems.push(`item ${i}: ${p}`);
    for (const dep of item.depends_on ?? []) {
      if (!planned.has(dep) && !docIdInUse(ctx.db, dep))
        problems.push(`item ${i}: depends_on names unknown "${dep}"`);
      if (dep === item.doc_id) problems.push(`item ${i}: ${dep} cannot depend on itself`);
    }
  });
  return problems;
}

/** Creates one pending new_doc proposal per item under one new bundle_id, in one transaction, or nothing. */
export function executeImportPlan(
  ctx: WriteContext & { ids: IdGenerator },
  items: readonly PlanItem[],
): ExecuteResult {
  assertAdminSurface(ctx.surface, "execute_import_plan");
  if (items.length === 0)
    throw new UserError(
      "The plan has no items.",
      `Run ${step(ctx.channel, "analyze_import_batch")} and pass its items.`,
      "items",
    );
  return ctx.db
    .transaction(() => {
      const problems = planProblems(ctx, items);
      if (problems.length > 0) {
        throw new UserError(
          `execute_import_plan refused, nothing was proposed: ${problems.join("; ")}.`,
          "Rename colliding doc_ids (or drop items already imported), fix the rest, and call again with the whole plan.",
          "items",
        );
      }
      const bundle_id = ctx.ids.next("bundle");
      const proposals = items.map((item) => {
        const created = createProposal(
          ctx.db,
          {
            proposal_type: "new_doc",
            payload: payloadOf(item),
            source: "import",
            rationale: item.source_path
              ? `Imported from ${item.source_path}.`
              : "Imported from a reviewed plan.",
            bundle_id,
          },
          ctx.clock,
          ctx.ids,
        );
        return { proposal_id: created.proposal_id, doc_id: item.doc_id };
      });
      return { bundle_id, proposals, next_step: nextStepFor(ctx.channel, bundle_id) };
    })
    .immediate();
}
