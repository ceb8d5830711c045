// The PostToolUse hook on archon's observe tool: the decision the agent just captured is remembered as
// this session's, so that only a reply in this session can confirm it. The session id comes from the
// hook input, which the MCP server itself never sees.
import { getProposal, type Proposal } from "../store/proposals.js";
import type { HookInput } from "./hook-input.js";
import type { HookContext } from "./sync-rules-hook.js";

/** Claude Code names an MCP tool `mcp__<server>__<tool>`; archon's may carry a prefix (`archon_observe`). */
const OBSERVE_TOOL = /^mcp__.+__(?:[A-Za-z0-9]+_)?observe$/;
const PROPOSAL_ID = /\bprop_[A-Za-z0-9]+\b/g;

/** A standing decision an agent captured (a manual note), still waiting for its person. */
export const isPendingCapture = (p: Proposal | undefined): boolean =>
  p !== undefined &&
  p.status === "pending" &&
  p.proposal_type === "new_doc" &&
  p.source === "manual_note" &&
  (p.payload as { origin?: unknown }).origin === "standing";

/**
 * The captured decisions a PostToolUse input reports, checked against the database: ids are read from
 * whatever shape the client gives the tool's answer, and only real pending captures are kept.
 */
export function capturesIn(ctx: HookContext, input: HookInput): string[] {
  if (input.hook_event_name !== "PostToolUse" || !OBSERVE_TOOL.test(input.tool_name ?? "")) return [];
  if ((input.tool_input as { event_type?: unknown } | undefined)?.event_type !== "manual_note") return [];
  const ids = JSON.stringify(input.tool_response ?? null).match(PROPOSAL_ID) ?? [];
  return [...new Set(ids)].filter((id) => isPendingCapture(getProposal(ctx.db, id)));
}
