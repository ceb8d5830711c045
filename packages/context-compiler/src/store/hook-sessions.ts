// hook_sessions and hook_captures: the prompt hook's memory of each agent session (rules injected,
// decisions captured and awaiting a reply) and the one session each captured decision belongs to.
import type { Db } from "@archon/core";
import { statement } from "./statements.js";

export interface HookSessionRow {
  injected: string[];
  captured: string[];
  awaiting: string[];
}

const list = (text: string): string[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
};

export function readHookSession(db: Db, sessionId: string): HookSessionRow | undefined {
  const row = statement(
    db,
    "SELECT injected, captured, awaiting FROM hook_sessions WHERE session_id = ?",
  ).get(sessionId) as { injected: string; captured: string; awaiting: string } | undefined;
  return row && { injected: list(row.injected), captured: list(row.captured), awaiting: list(row.awaiting) };
}

/** Stores the session's state and forgets sessions last written before `forgetBefore` (ISO). */
export function writeHookSession(
  db: Db,
  sessionId: string,
  state: HookSessionRow,
  now: string,
  forgetBefore: string,
): void {
  db.transaction(() => {
    statement(
      db,
      `INSERT INTO hook_sessions (session_id, injected, captured, awaiting, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (session_id) DO UPDATE SET injected = excluded.injected, captured = excluded.captured,
         awaiting = excluded.awaiting, updated_at = excluded.updated_at`,
    ).run(
      sessionId,
      JSON.stringify(state.injected),
      JSON.stringify(state.captured),
      JSON.stringify(state.awaiting),
      now,
    );
    statement(db, "DELETE FROM hook_sessions WHERE updated_at < ?").run(forgetBefore);
    // A decision no longer pending needs no owner; a pending one keeps its owner as long as it waits.
    statement(
      db,
      `DELETE FROM hook_captures WHERE proposal_id NOT IN
         (SELECT proposal_id FROM proposals WHERE status = 'pending')`,
    ).run();
  })();
}

/**
 * Records that `sessionId` captured `proposalId`, unless another session captured it first; returns
 * whether the decision is this session's.
 */
export function claimCapture(db: Db, proposalId: string, sessionId: string, now: string): boolean {
  statement(
    db,
    "INSERT INTO hook_captures (proposal_id, session_id, captured_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
  ).run(proposalId, sessionId, now);
  const owner = statement(db, "SELECT session_id FROM hook_captures WHERE proposal_id = ?")
    .pluck()
    .get(proposalId) as string | undefined;
  return owner === sessionId;
}
