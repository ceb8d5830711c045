// What a reviewer reads: proposals with computed secret-scan warnings, evidence and conflict answers.
import type { Db } from "@archon/core";
import { conflictsOf } from "../../store/conflicts.js";
import { evidenceOf, getProposal, listProposals, type Proposal } from "../../store/proposals.js";
import type { ProposalStatus } from "../../vocabulary/lifecycle.js";
import { scanForSecrets } from "../secret-scan.js";

/** Every string in the payload, nested ones included, in key order. */
function textOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textOf);
  if (value && typeof value === "object")
    return Object.keys(value)
      .sort()
      .flatMap((k) => textOf((value as Record<string, unknown>)[k]));
  return [];
}

/** Computed on every read, never stored: a warning for the person approving, who sees what would land. */
export const secretScanWarnings = (proposal: Proposal) =>
  [...new Set(textOf(proposal.payload).flatMap(scanForSecrets))].sort();

export function listProposalsForReview(
  db: Db,
  input: { status?: ProposalStatus; limit?: number; bundle_id?: string },
) {
  const proposals = listProposals(db, input.status ?? "pending", input.limit ?? 100, input.bundle_id);
  return {
    status: input.status ?? "pending",
    count: proposals.length,
    proposals: proposals.map((p) => ({ ...p, secret_scan_warnings: secretScanWarnings(p) })),
  };
}

export function getProposalForReview(db: Db, proposalId: string) {
  const proposal = getProposal(db, proposalId);
  if (!proposal) return null;
  return {
    ...proposal,
    evidence_observation_ids: evidenceOf(db, proposalId),
    secret_scan_warnings: secretScanWarnings(proposal),
    conflicts: conflictsOf(db, proposalId).map(({ existing_doc_id, resolution }) => ({
      existing_doc_id,
      resolution,
    })),
  };
}

/** What one line of a review list shows: the document a proposal is about and a title for it. */
export function proposalSummary(proposal: Proposal): { doc_id: string | null; title: string } {
  const p = proposal.payload;
  switch (proposal.proposal_type) {
    case "add_edge":
      return { doc_id: String(p.target_doc_id), title: `${String(p.edge_type)} ${String(p.source_value)}` };
    case "remove_edge":
      return { doc_id: null, title: `edge ${String(p.edge_id)}` };
    case "deprecate_doc":
      return { doc_id: String(p.doc_id), title: typeof p.reason === "string" ? p.reason : "" };
    default:
      return { doc_id: String(p.doc_id), title: typeof p.title === "string" ? p.title : "" };
  }
}

/** The bundles among `proposals`, in the order their first member appears, with how many of them each holds. */
export function bundleCounts(proposals: readonly Proposal[]): { bundle_id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of proposals)
    if (p.bundle_id !== null) counts.set(p.bundle_id, (counts.get(p.bundle_id) ?? 0) + 1);
  return [...counts].map(([bundle_id, count]) => ({ bundle_id, count }));
}
