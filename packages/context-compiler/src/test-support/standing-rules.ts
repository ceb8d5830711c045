// Test helper: standing rules landed the way an agent's captured decision lands (a new_doc proposal with
// origin standing, approved by a person), so rules.md is rendered as in real use.

import { writeContext } from "../context/archon-context.js";
import { approveProposal } from "../knowledge/approval/approve-proposal.js";
import { createProposal } from "../store/proposals.js";
import type { TestProject } from "./project.js";

export interface StandingRule {
  doc_id: string;
  title: string;
  content: string;
}

export function approveStandingRules(
  ctx: ReturnType<TestProject["context"]>,
  ...rules: StandingRule[]
): void {
  for (const rule of rules) {
    const { proposal_id } = createProposal(
      ctx.kdb.db,
      { proposal_type: "new_doc", payload: { ...rule, origin: "standing" }, source: "manual_note" },
      ctx.clock,
      ctx.ids,
    );
    approveProposal(writeContext(ctx), { proposal_id });
  }
}
