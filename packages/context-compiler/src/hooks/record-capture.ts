// The PostToolUse hook on archon's observe tool: the decision the agent just captured is remembered as
// this session's, so that only a reply in this session can confirm it. The session id comes from the
// hook input, which the MCP server itself never sees.
import { getProposal, type Proposal } from "../store/proposals.js";
import type { HookInput } from "./hook-input.js";
import type { HookContext } from "./sync-rules-hook.js";

/**
 * Claude Code names an MCP tool `mcp__<server>__<tool>`, Gemini CLI `mcp_<server>_<tool>`; archon's may
 * carry a prefix (`archon_observe`).
 */
const OBSERVE_TOOL = /^mcp__.+__(?:[A-Za-z0-9]+_)?observe$/;
const GEMINI_OBSERVE_TOOL = /^mcp_[A-Za-z0-9_.:-]+_observe$/;

/** A standing decision an agent captured (a manual note), still waiting for its person. */
export const isPendingCapture = (p: Proposal | undefined): boolean =>
  p !== undefined &&
  p.status === "pending" &&
  p.proposal_type === "new_doc" &&
  p.source === "manual_note" &&
  (p.payload as { origin?: unknown }).origin === "standing";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const parsedObject = (text: unknown): Record<string, unknown> | undefined => {
  if (typeof text !== "string") return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * observe's structured answer, from the shapes a client passes as `tool_response`: the structured
 * object itself, the whole tool result (`structuredContent`, else its `content`), the content array, the
 * answer as JSON text, or Gemini CLI's tool result, whose `returnDisplay` is the text part as the server
 * sent it (its `llmContent` wraps that text in tags of its own, and it keeps no structuredContent). Its
 * text part is the structured answer as JSON (jsonResult), parsed whole: the agent's note sits inside it
 * as a string value and can never be read as a field of the answer.
 */
function observeAnswer(response: unknown): Record<string, unknown> | undefined {
  if (typeof response === "string") return parsedObject(response);
  if (Array.isArray(response)) {
    const texts = response.filter((part) => isObject(part) && part.type === "text");
    return texts.length === 1 ? parsedObject((texts[0] as { text?: unknown }).text) : undefined;
  }
  if (!isObject(response)) return undefined;
  if (isObject(response.structuredContent)) return response.structuredContent;
  if (Array.isArray(response.content)) return observeAnswer(response.content);
  if (typeof response.returnDisplay === "string") return parsedObject(response.returnDisplay);
  return response;
}

/**
 * The decision this observe call created, when the PostToolUse input reports one: read from the
 * answer's own `proposal_id` field, never scraped from its text, and kept only when it is a real pending
 * capture. Which session may claim it is settled by the caller (hook_captures).
 */
export function captureIn(ctx: HookContext, input: HookInput): string | undefined {
  const tool = input.tool_name ?? "";
  if (input.hook_event_name !== "PostToolUse" || !(OBSERVE_TOOL.test(tool) || GEMINI_OBSERVE_TOOL.test(tool)))
    return undefined;
  if ((input.tool_input as { event_type?: unknown } | undefined)?.event_type !== "manual_note")
    return undefined;
  const id = observeAnswer(input.tool_response)?.proposal_id;
  return typeof id === "string" && isPendingCapture(getProposal(ctx.db, id)) ? id : undefined;
}
