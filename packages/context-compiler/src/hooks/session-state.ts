// Per-session memory of the hooks: which rules were already injected, so a rule is injected at most once
// per session, and which captured decisions belong to this session, so only its own person confirms them.
// Kept in the database (store/hook-sessions.ts), never in a project file: the agent's file tools write
// anywhere in the project, and a state file naming another session's decision would let a yes here
// approve it. The session id itself comes from the hook input, which only the client writes.
import type { Db } from "@archon/core";
import { readHookSession, writeHookSession } from "../store/hook-sessions.js";

export interface SessionState {
  injected: string[];
  /** Decisions this session's agent captured during its current turn (the PostToolUse hook saw them). */
  captured: string[];
  /** Captured decisions this session is asking the person about, one at a time, the current one first. */
  awaiting: string[];
}

/** Sessions not written for this long are forgotten when another session writes its own. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

export function readSession(db: Db, sessionId: string): SessionState {
  return readHookSession(db, sessionId) ?? { injected: [], captured: [], awaiting: [] };
}

export function writeSession(db: Db, sessionId: string, state: SessionState, now: Date): void {
  writeHookSession(db, sessionId, state, now.toISOString(), new Date(now.getTime() - KEEP_MS).toISOString());
}
