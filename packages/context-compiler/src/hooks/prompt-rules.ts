// Which standing rules the prompt hook injects for the person's request, within its caps.
import type { RuleMatch } from "../knowledge/standing-rules/match-rules.js";

/** Rules injected for one prompt, and for a whole session: noise stays bounded. */
export const PER_PROMPT = 3;
export const PER_SESSION = 12;

/** The matching rules not yet injected this session, within both caps. */
export function rulesToInject(
  matches: readonly RuleMatch[],
  alreadyInjected: readonly string[],
): RuleMatch[] {
  const room = Math.max(0, PER_SESSION - alreadyInjected.length);
  return matches.filter((m) => !alreadyInjected.includes(m.doc_id)).slice(0, Math.min(PER_PROMPT, room));
}

export function formatInjection(rules: readonly RuleMatch[]): string {
  return [
    "Standing rules from archon that apply to this request (decisions the team made; follow them):",
    ...rules.map((r) => `- ${r.title} [${r.doc_id}]: ${r.content.trim().replace(/\s*\n\s*/g, " ")}`),
  ].join("\n");
}
