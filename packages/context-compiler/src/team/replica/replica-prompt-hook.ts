// The prompt hook (UserPromptSubmit) on a replica: inject the server's standing rules the person's
// request is about, within the hook's caps and once per session, as on the server. Nothing is absorbed
// or confirmed here: rules.md edits and captured decisions are approved on the server.
import type { Clock, Db } from "@archon/core";
import type { HookInput } from "../../hooks/hook-input.js";
import { formatInjection, rulesToInject } from "../../hooks/prompt-rules.js";
import { readSession, writeSession } from "../../hooks/session-state.js";
import { matchStandingRules } from "../../knowledge/standing-rules/match-rules.js";

export interface ReplicaHookContext {
  db: Db;
  clock: Clock;
}

/** The text for the agent's context; empty for another event, or when no rule is about the prompt. */
export function injectOnReplica(ctx: ReplicaHookContext, input: HookInput): string {
  if (input.hook_event_name !== "UserPromptSubmit" || input.prompt === undefined) return "";
  const sessionId = input.session_id ?? "unknown";
  const session = readSession(ctx.db, sessionId);
  const inject = rulesToInject(matchStandingRules(ctx.db, input.prompt), session.injected);
  if (inject.length === 0) return "";
  writeSession(
    ctx.db,
    sessionId,
    { ...session, injected: [...session.injected, ...inject.map((r) => r.doc_id)] },
    ctx.clock.now(),
  );
  return formatInjection(inject);
}
