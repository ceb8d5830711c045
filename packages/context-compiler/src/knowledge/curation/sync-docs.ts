// sync_docs: checks file-anchored documents against their sources and opens an update_doc proposal per drift.

import { type IdGenerator, UserError } from "@archon/core";
import { type AnchoredDoc, anchoredDocuments } from "../../store/documents.js";
import { parsePayload } from "../../store/proposal-payloads.js";
import { createProposal, pendingProposalWithPayload } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { type Channel, step } from "../next-step.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";
import { checkSource, type SourceStatus } from "./source-check.js";

export interface SyncDocsInput {
  dry_run?: boolean;
  doc_ids?: string[];
}

export interface SyncDocResult {
  doc_id: string;
  source_path: string;
  status: SourceStatus;
  reason?: string;
  /** proposed: a new pending proposal; already_pending: an identical one was waiting; would_propose: dry run. */
  action: "none" | "proposed" | "already_pending" | "would_propose";
  proposal_id: string | null;
}

export interface SyncDocsResult {
  dry_run: boolean;
  knowledge_version: number;
  checked: number;
  counts: Record<SourceStatus, number>;
  documents: SyncDocResult[];
  next: string;
}

export const SYNC_SOURCE = "sync_docs";

export function syncDocs(ctx: WriteContext & { ids: IdGenerator }, input: SyncDocsInput): SyncDocsResult {
  assertAdminSurface(ctx.surface, "sync_docs");
  const dryRun = input.dry_run ?? false;
  const docs = selectDocuments(ctx.channel, anchoredDocuments(ctx.db), input.doc_ids);
  const checks = docs.map((doc) => ({ doc, check: checkSource(ctx.projectRoot, doc) }));

  // Proposals only: canonical knowledge is never touched here, so there is no version bump.
  const decide = () =>
    checks.map(({ doc, check }): SyncDocResult => {
      const { current_content, ...shown } = check;
      if (check.status !== "drifted") return { ...shown, action: "none", proposal_id: null };
      const payload = parsePayload("update_doc", {
        doc_id: doc.doc_id,
        content: current_content,
        base_content_hash: doc.content_hash,
      });
      const existing = pendingProposalWithPayload(ctx.db, "update_doc", payload);
      if (existing) return { ...shown, action: "already_pending", proposal_id: existing };
      if (dryRun) return { ...shown, action: "would_propose", proposal_id: null };
      const proposal = createProposal(
        ctx.db,
        {
          proposal_type: "update_doc",
          payload,
          source: SYNC_SOURCE,
          rationale: `The source ${doc.source_path} changed since the document was stored; this proposal carries the text as it is on disk now.`,
        },
        ctx.clock,
        ctx.ids,
      );
      return { ...shown, action: "proposed", proposal_id: proposal.proposal_id };
    });
  const documents = dryRun ? decide() : ctx.db.transaction(decide).immediate();

  const counts = { unchanged: 0, drifted: 0, missing_file: 0, missing_anchor: 0 };
  for (const d of documents) counts[d.status] += 1;
  return {
    dry_run: dryRun,
    knowledge_version: readVersion(ctx.db),
    checked: documents.length,
    counts,
    documents,
    next: nextStep(documents, dryRun),
  };
}

function selectDocuments(channel: Channel, all: AnchoredDoc[], docIds: string[] | undefined): AnchoredDoc[] {
  if (docIds === undefined) return all;
  const byId = new Map(all.map((d) => [d.doc_id, d]));
  const unknown = [...new Set(docIds)].filter((id) => !byId.has(id)).sort();
  if (unknown.length > 0) {
    throw new UserError(
      `sync_docs refused: ${unknown.map((id) => `"${id}"`).join(", ")} ${unknown.length === 1 ? "is" : "are"} not an approved document with a source_path.`,
      `Leave doc_ids out to check every file-anchored document, or chase the ids with ${step(channel, "get_document")}.`,
      "doc_ids",
    );
  }
  const wanted = new Set(docIds);
  return all.filter((d) => wanted.has(d.doc_id));
}

function nextStep(documents: SyncDocResult[], dryRun: boolean): string {
  const missing = documents.filter((d) => d.status === "missing_file" || d.status === "missing_anchor");
  const parts: string[] = [];
  if (dryRun && documents.some((d) => d.action === "would_propose"))
    parts.push("Run again without dry_run to open the update_doc proposals.");
  if (documents.some((d) => d.action === "proposed" || d.action === "already_pending"))
    parts.push(
      "A person reviews the pending update_doc proposals (source sync_docs) and approves or rejects them.",
    );
  if (missing.length > 0)
    parts.push(
      "For a missing source, fix source_path (re-import the document from its new place) or deprecate the document.",
    );
  return parts.length > 0 ? parts.join(" ") : "Every checked document matches its source.";
}
