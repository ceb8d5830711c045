// The hooks' rules.md step: absorb what git committed, and turn what is only on disk into proposals.
import { type IdGenerator, UserError } from "@archon/core";
import type { WriteContext } from "../write-context.js";
import {
  committedRulesText,
  committedTarget,
  inGitWorkTree,
  readCommittedBase,
  writeCommittedBase,
} from "./committed-rules.js";
import { pendingRulesEdits, proposeRulesEdits, retireSettledEdits } from "./rules-edit-proposals.js";
import { type RulesOnDisk, readRulesFile } from "./rules-on-disk.js";
import { type RulesSyncResult, syncRulesFile } from "./sync-rules-file.js";

export interface AbsorbCommittedResult {
  /** outside_git: nothing is absorbed automatically; told: the hook said so before and stays quiet now. */
  git: "present" | "outside_git" | "outside_git_told";
  /** What the committed text changed; null when it did not change since the last run. */
  absorbed: RulesSyncResult | null;
  /** Proposals this run made from uncommitted edits. */
  proposed: string[];
  /** Edit proposals this run cancelled because the committed text brought the same change. */
  settled: string[];
  /** Every edit proposal still waiting for a person, with the rule each one touches. */
  waiting: { proposal_id: string; proposal_type: string; doc_id: string }[];
  /** Why the working file could not be read (it does not parse), or null. */
  unreadable: string | null;
}

/**
 * The committed rules.md is what a team reviewed and what pulls bring, so it is absorbed (only what
 * changed since the committed text last absorbed). The working file may hold an agent's edit: each rule
 * it changes becomes a pending proposal, read before absorbing re-renders the file, so nothing is lost.
 */
export function absorbCommittedRules(ctx: WriteContext & { ids: IdGenerator }): AbsorbCommittedResult {
  const base = readCommittedBase(ctx.projectRoot);
  const waiting = () =>
    pendingRulesEdits(ctx.db).map((p) => ({
      proposal_id: p.proposal_id,
      proposal_type: p.proposal_type,
      doc_id: String(p.payload.doc_id),
    }));
  if (!inGitWorkTree(ctx.projectRoot)) {
    if (!base.told_outside_git) writeCommittedBase(ctx.projectRoot, { ...base, told_outside_git: true });
    return {
      git: base.told_outside_git ? "outside_git_told" : "outside_git",
      absorbed: null,
      proposed: [],
      settled: [],
      waiting: waiting(),
      unreadable: null,
    };
  }
  let working: RulesOnDisk | undefined;
  let unreadable: string | null = null;
  try {
    working = readRulesFile(ctx.projectRoot);
  } catch (error) {
    // A broken working file must not stop the committed text or a confirmation from landing.
    if (!(error instanceof UserError)) throw error;
    unreadable = error.message;
  }
  const committed = committedRulesText(ctx.projectRoot);
  let absorbed: RulesSyncResult | null = null;
  if ((committed ?? null) !== base.committed) {
    absorbed = syncRulesFile(ctx, { file: committedTarget(ctx.db, base.committed, committed) });
    writeCommittedBase(ctx.projectRoot, { ...base, committed: committed ?? null });
  }
  const settled = retireSettledEdits(ctx.db, ctx.clock);
  const proposed = working ? proposeRulesEdits(ctx.db, working, ctx.clock, ctx.ids) : [];
  return { git: "present", absorbed, proposed, settled, waiting: waiting(), unreadable };
}
