// `archon sync-rules --hook` for Claude Code's SessionStart and UserPromptSubmit: absorb the committed
// .archon/rules.md (an uncommitted edit only becomes a proposal), commit a decision the person just
// confirmed, and inject the standing rules their request is about. Returns the text for the agent's
// context (empty when there is nothing to say).
import type { Clock, IdGenerator } from "@archon/core";
import { absorbCommittedRules } from "../knowledge/standing-rules/absorb-committed.js";
import { matchStandingRules } from "../knowledge/standing-rules/match-rules.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { confirmDecisions } from "./confirm-decisions.js";
import type { HookInput } from "./hook-input.js";
import { formatInjection, rulesToInject } from "./prompt-rules.js";
import { rulesFileNotices } from "./rules-file-notices.js";
import { readSession, writeSession } from "./session-state.js";

export interface HookContext extends WriteContext {
  ids: IdGenerator;
  clock: Clock;
}

/**
 * Standing-rule proposals the agent captured (manual notes) since `since`, during its last turn, oldest
 * first. Proposals made from edits to rules.md are not among them: a reply must never approve those.
 */
function freshCaptures(ctx: HookContext, since: string): string[] {
  return ctx.db
    .prepare(
      `SELECT proposal_id FROM proposals WHERE status = 'pending' AND proposal_type = 'new_doc'
         AND json_extract(payload, '$.origin') = 'standing' AND source = 'manual_note' AND created_at > ? ORDER BY created_at, proposal_id`,
    )
    .pluck()
    .all(since) as string[];
}

export function runSyncRulesHook(ctx: HookContext, input: HookInput): string {
  const lines = rulesFileNotices(absorbCommittedRules(ctx), input.hook_event_name === "SessionStart");
  const prompt = input.prompt;
  const sessionId = input.session_id ?? "unknown";
  if (input.hook_event_name !== "UserPromptSubmit" || prompt === undefined) return lines.join("\n");

  const now = ctx.clock.now();
  const session = readSession(ctx.projectRoot, sessionId);
  // Only captures made after this session's previous prompt can be what its person was just shown.
  const fresh = session.last_prompt_at === null ? [] : freshCaptures(ctx, session.last_prompt_at);
  const confirmed = confirmDecisions(ctx, prompt, session.awaiting, fresh);
  lines.push(...confirmed.lines);
  const inject = rulesToInject(matchStandingRules(ctx.db, prompt), session.injected);
  if (inject.length > 0) lines.push(formatInjection(inject));
  writeSession(
    ctx.projectRoot,
    sessionId,
    {
      last_prompt_at: now.toISOString(),
      injected: [...session.injected, ...inject.map((r) => r.doc_id)],
      awaiting: confirmed.awaiting,
    },
    now,
  );
  return lines.join("\n");
}
