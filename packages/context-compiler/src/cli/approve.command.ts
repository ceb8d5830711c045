// archon approve <proposal_id|bundle_id>: a person at a terminal approves one proposal or a whole bundle.

import { writeContext } from "../context/archon-context.js";
import { approveProposal } from "../knowledge/approval/approve-proposal.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import { proposalTarget } from "./proposal-target.js";
import type { Output } from "./sync-rules-file.command.js";

interface Landed {
  knowledge_version: number;
  snapshot_id: string | null;
  changes: {
    documents_added: string[];
    documents_updated: string[];
    documents_removed: string[];
    edges_added: number[];
    edges_removed: number[];
  };
  warnings: string[];
}

function describe(what: string, r: Landed): string {
  const c = r.changes;
  const parts = [
    c.documents_added.length > 0 ? `documents added: ${c.documents_added.join(", ")}` : "",
    c.documents_updated.length > 0 ? `documents updated: ${c.documents_updated.join(", ")}` : "",
    c.documents_removed.length > 0 ? `documents deprecated: ${c.documents_removed.join(", ")}` : "",
    c.edges_added.length > 0 ? `edges added: ${c.edges_added.join(", ")}` : "",
    c.edges_removed.length > 0 ? `edges deprecated: ${c.edges_removed.join(", ")}` : "",
  ].filter((p) => p !== "");
  const version = r.snapshot_id
    ? `knowledge_version ${r.knowledge_version}, snapshot ${r.snapshot_id}`
    : `no change to knowledge (knowledge_version ${r.knowledge_version})`;
  const lines = [`Approved ${what}: ${version}.`, ...parts.map((p) => `  ${p}`), ...r.warnings];
  return `${lines.join("\n")}\n`;
}

export function approveCommand(
  options: GlobalOptions,
  id: string,
  opts: { json?: boolean },
  out: Output = process.stdout,
): void {
  const ctx = openContext(options);
  try {
    const w = writeContext(ctx);
    const proposal = proposalTarget(w, id);
    const result = proposal
      ? approveProposal(w, { proposal_id: id })
      : approveProposalBundle(w, { bundle_id: id });
    if (opts.json) {
      out.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    const what = proposal
      ? `${id} (${proposal.proposal_type})`
      : `bundle ${id} (${"approved" in result ? result.approved.length : 0} proposals)`;
    out.write(describe(what, result));
  } finally {
    ctx.close();
  }
}
