// `archon sync-rules --hook` for Claude Code's SessionStart, UserPromptSubmit and PostToolUse (on the
// observe tool): absorb the committed .archon/rules.md (an uncommitted edit only becomes a proposal),
// remember which decisions this session's agent captured, commit the one its person just confirmed, and
// inject the standing rules their request is about. Returns the text for the agent's context (empty when
// there is nothing to say).
import { type Clock, type IdGenerator, UserError } from "@archon/core";
import { describeRuleFileChange } from "../knowledge/rule-files/describe-changes.js";
import { absorbCommittedRules } from "../knowledge/standing-rules/absorb-committed.js";
import { matchStandingRules } from "../knowledge/standing-rules/match-rules.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { claimCapture } from "../store/hook-sessions.js";
import { takeUntoldRuleFileChanges } from "../store/rule-files.js";
import { hookClientPid, hookSessionId, recordClientSession } from "./client-session.js";
import { confirmDecisions } from "./confirm-decisions.js";
import type { HookInput } from "./hook-input.js";
import { formatInjection, rulesToInject } from "./prompt-rules.js";
import { captureIn } from "./record-capture.js";
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
    const captured = captureIn(ctx, input);
    if (sessionId === undefined || captured === undefined) return "";
    const now = ctx.clock.now();
    // The first session to capture a decision owns it: another session's observe answer naming it
    // (the same note again, another server's observe tool) cannot make it that session's to confirm.
    if (!claimCapture(ctx.db, captured, sessionId, now.toISOString())) return "";
    const session = readSession(ctx.db, sessionId);
    if (session.captured.includes(captured) || session.awaiting.includes(captured)) return "";
    writeSession(ctx.db, sessionId, { ...session, captured: [...session.captured, captured] }, now);
    return "";
  }
  const lines = absorbed(ctx, input.hook_event_name === "SessionStart");
  const prompt = input.prompt;
  if (input.hook_event_name !== "UserPromptSubmit" || prompt === undefined) return lines.join("\n");

  const session = readSession(ctx.db, sessionId ?? "unknown");
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
    ctx.db,
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

/**
 * The notices about the committed rules.md. A refusal of the write guard (rules.md or the hooks' state
 * a link out of the project) is said on stderr and the rest of the hook goes on: confirmations and
 * injected rules do not depend on it.
 */
function absorbed(ctx: HookContext, remind: boolean): string[] {
  try {
    return [...ruleFileChanges(ctx), ...rulesFileNotices(absorbCommittedRules(ctx), remind)];
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    process.stderr.write(`archon sync-rules: ${error.describe()}\n`);
    return [];
  }
}

/**
 * What commits changed in the rule files since the person was last told: a commit (an agent's too)
 * changes knowledge, so it is never absorbed unseen. Said once.
 */
function ruleFileChanges(ctx: HookContext): string[] {
  if (!ctx.ruleFiles) return [];
  const lines = takeUntoldRuleFileChanges(ctx.db).flatMap(describeRuleFileChange);
  if (lines.length === 0) return [];
  return [
    `archon absorbed committed rule files. Tell the user, who decides whether each change stands: ${lines.join(" ")}`,
  ];
}

/** Best effort: the servers of this hook's client learn their session from it (client-session.ts). */
function rememberClientSession(ctx: HookContext, input: HookInput): void {
  const session = hookSessionId(input);
  if (session === undefined) return;
  try {
    const client = hookClientPid();
    if (client !== undefined) recordClientSession(ctx.projectRoot, session, client, ctx.clock.now());
  } catch (error) {
    // An unwritable .archon/hooks: the run is recorded without a session, as before. A link out of the
    // project is refused, and said, without failing the rest of the hook.
    if (error instanceof UserError) process.stderr.write(`archon sync-rules: ${error.describe()}\n`);
  }
}
