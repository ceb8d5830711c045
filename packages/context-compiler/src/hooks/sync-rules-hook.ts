// `archon sync-rules --hook` for Claude Code's SessionStart and UserPromptSubmit: absorb hand edits to
// .archon/rules.md, commit a decision the person just confirmed, and inject the standing rules their
// request is about. Returns the text for the agent's context (empty when there is nothing to say).
import type { Clock, IdGenerator } from "@archon/core";
import { matchStandingRules } from "../knowledge/standing-rules/match-rules.js";
import { syncRulesFile } from "../knowledge/standing-rules/sync-rules-file.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { confirmDecisions } from "./confirm-decisions.js";
import type { HookInput } from "./hook-input.js";
import { formatInjection, rulesToInject } from "./prompt-rules.js";
import { readSession, writeSession } from "./session-state.js";

export interface HookContext extends WriteContext {
  ids: IdGenerator;
  clock: Clock;
}

/** Standing-rule proposals written since `since` (during the agent's last turn), oldest first. */
function freshCaptures(ctx: HookContext, since: string): string[] {
  return ctx.db
    .prepare(
      `SELECT proposal_id FROM proposals WHERE status = 'pending' AND proposal_type = 'new_doc'
         AND json_extract(payload, '$.origin') = 'standing' AND created_at > ? ORDER BY created_at, proposal_id`,
    )
    .pluck()
    .all(since) as string[];
}

export function runSyncRulesHook(ctx: HookContext, input: HookInput): string {
  const lines: string[] = [];
  const absorbed = syncRulesFile(ctx);
  if (absorbed.changed) {
    const n = absorbed.added.length + absorbed.updated.length + absorbed.deprecated.length;
    lines.push(
      `archon absorbed ${n} edit(s) to .archon/rules.md (knowledge_version ${absorbed.knowledge_version}).`,
    );
  }
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
