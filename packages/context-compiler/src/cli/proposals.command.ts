// archon proposals: the review list at a terminal, grouped by bundle, from the service list_proposals uses.
import { UserError } from "@archon/core";
import {
  bundleCounts,
  listProposalsForReview,
  proposalSummary,
} from "../knowledge/approval/proposal-views.js";
import { type Channel, step } from "../knowledge/next-step.js";
import { bundleProposals, type Proposal } from "../store/proposals.js";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../vocabulary/lifecycle.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import type { Output } from "./sync-rules-file.command.js";

export interface ProposalsOptions {
  status?: string;
  bundle?: string;
  json?: boolean;
}

/** As many as list_proposals returns in one call: more than a person reviews at once. */
const LIMIT = 1000;

function parseStatus(status: string | undefined): ProposalStatus {
  if (status === undefined) return "pending";
  if ((PROPOSAL_STATUSES as readonly string[]).includes(status)) return status as ProposalStatus;
  throw new UserError(
    `--status must be one of ${PROPOSAL_STATUSES.join(", ")}, not "${status}".`,
    "Leave --status out to list the pending proposals.",
  );
}

function line(p: Proposal): string {
  const { doc_id, title } = proposalSummary(p);
  return `  ${p.proposal_id}  ${p.proposal_type}  ${doc_id ?? "-"}  ${title === "" ? "" : JSON.stringify(title)}`.trimEnd();
}

/** Bundles in the order their oldest member arrived; proposals without a bundle come last. */
function groups(proposals: readonly Proposal[]): { bundle_id: string | null; members: Proposal[] }[] {
  const byBundle = new Map<string | null, Proposal[]>();
  for (const p of proposals) byBundle.set(p.bundle_id, [...(byBundle.get(p.bundle_id) ?? []), p]);
  const loose = byBundle.get(null);
  byBundle.delete(null);
  return [
    ...[...byBundle].map(([bundle_id, members]) => ({ bundle_id, members })),
    ...(loose ? [{ bundle_id: null, members: loose }] : []),
  ];
}

function describe(
  cli: Channel,
  status: ProposalStatus,
  proposals: readonly Proposal[],
  truncated: boolean,
): string {
  if (proposals.length === 0) return `No ${status} proposals.\n`;
  const lines = [`${proposals.length}${truncated ? "+" : ""} ${status} proposal(s):`];
  for (const group of groups(proposals)) {
    const decide =
      status === "pending" && group.bundle_id !== null
        ? `: ${step(cli, "approve_proposal_bundle", { bundle_id: group.bundle_id })} or ${step(cli, "reject_proposal", { bundle_id: group.bundle_id })}`
        : "";
    lines.push(
      "",
      group.bundle_id === null
        ? `no bundle (${group.members.length})`
        : `bundle ${group.bundle_id} (${group.members.length})${decide}`,
      ...group.members.map(line),
    );
  }
  if (status === "pending")
    lines.push("", `Decide one with ${step(cli, "approve_proposal")} or ${step(cli, "reject_proposal")}.`);
  if (truncated) lines.push(`Only the first ${LIMIT} are listed.`);
  return `${lines.join("\n")}\n`;
}

export function proposalsCommand(
  options: GlobalOptions,
  opts: ProposalsOptions,
  out: Output = process.stdout,
): void {
  const status = parseStatus(opts.status);
  const ctx = openContext(options);
  try {
    const listed = listProposalsForReview(ctx.kdb.db, { status, bundle_id: opts.bundle, limit: LIMIT });
    // A wrong bundle id is an error, not an empty list that reads like "everything was decided".
    if (opts.bundle !== undefined && bundleProposals(ctx.kdb.db, opts.bundle).length === 0) {
      throw new UserError(
        `No proposals carry bundle_id "${opts.bundle}".`,
        `Run ${step(ctx.channel, "list_proposals")} to see the bundles.`,
      );
    }
    if (opts.json) {
      out.write(`${JSON.stringify({ ...listed, bundles: bundleCounts(listed.proposals) }, null, 2)}\n`);
      return;
    }
    out.write(describe(ctx.channel, status, listed.proposals, listed.count === LIMIT));
  } finally {
    ctx.close();
  }
}
