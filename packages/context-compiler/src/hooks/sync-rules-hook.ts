// `archon sync-rules --hook` for Claude Code's SessionStart, UserPromptSubmit and PostToolUse (on the
// observe tool): absorb the committed .archon/rules.md (an uncommitted edit only becomes a proposal),
// remember which decisions this session's agent captured, commit the one its person just confirmed, and
// inject the standing rules their request is about. Returns the text for the agent's context (empty when
// there is nothing to say).
import type { Clock, IdGenerator } from "@archon/core";
import { absorbCommittedRules } from "../knowledge/standing-rules/absorb-committed.js";
import { matchStandingRules } from "../knowledge/standing-rules/match-rules.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { hookClientPid, hookSessionId, recordClientSession } from "./client-session.js";
import { confirmDecisions } from "./confirm-decisions.js";
import type { HookInput } from "./hook-input.js";
import { formatInjection, rulesToInject } from "./prompt-rules.js";
import { capturesIn } from "./record-capture.js";
import { rulesFileNotices } from "./rules-file-notices.js";
import { readSession, writeSession } from "./session-state.js";

export interface HookContext extends WriteContext {
  ids: IdGenerator;
  clock: Clock;
}

export function runSyncRulesHook(ctx: HookContext, input: HookInput): string {
  rememberClientSession(ctx, input);
  // Without a session id, a capture could not be told apart from another session's: none is asked about.
  const sessionId = input.session_id;
  if (input.hook_event_name === "PostToolUse") {
    const captured = capturesIn(ctx, input);
    if (sessionId === undefined || captured.length === 0) return "";
    const session = readSession(ctx.projectRoot, sessionId);
    const known = new Set([...session.captured, ...session.awaiting]);
    const added = captured.filter((id) => !known.has(id));
    writeSession(
      ctx.projectRoot,
      sessionId,
      { ...session, captured: [...session.captured, ...added] },
      ctx.clock.now(),
    );
    return "";
  }
  const lines = rulesFileNotices(absorbCommittedRules(ctx), input.hook_event_name === "SessionStart");
  const prompt = input.prompt;
  if (input.hook_event_name !== "UserPromptSubmit" || prompt === undefined) return lines.join("\n");

  const session = readSession(ctx.projectRoot, sessionId ?? "unknown");
  // What this session's agent captured during its last turn is what its person can just have been shown.
  const confirmed = confirmDecisions(
    ctx,
    prompt,
    session.awaiting,
    sessionId === undefined ? [] : session.captured,
  );
  lines.push(...confirmed.lines);
  const inject = rulesToInject(matchStandingRules(ctx.db, prompt), session.injected);
  if (inject.length > 0) lines.push(formatInjection(inject));
  writeSession(
    ctx.projectRoot,
    sessionId ?? "unknown",
    {
      injected: [...session.injected, ...inject.map((r) => r.doc_id)],
      captured: [],
      awaiting: confirmed.awaiting,
    },
    ctx.clock.now(),
  );
  return lines.join("\n");
}

/** Best effort: the servers of this hook's client learn their session from it (client-session.ts). */
function rememberClientSession(ctx: HookContext, input: HookInput): void {
  const session = hookSessionId(input);
  if (session === undefined) return;
  try {
    const client = hookClientPid();
    if (client !== undefined) recordClientSession(ctx.projectRoot, session, client, ctx.clock.now());
  } catch {
    // An unwritable .archon/hooks: the run is recorded without a session, as before.
  }
}
