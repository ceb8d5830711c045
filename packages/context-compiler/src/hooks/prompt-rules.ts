// What the prompt hook decides from the person's words: whether they confirm a captured decision, and
// which standing rules their request is about.
import type { RuleMatch } from "../knowledge/standing-rules/match-rules.js";

/** Rules injected for one prompt, and for a whole session: noise stays bounded. */
export const PER_PROMPT = 3;
export const PER_SESSION = 12;

const CONFIRMATIONS = [
  "yes",
  "y",
  "yep",
  "yeah",
  "sure",
  "ok",
  "okay",
  "confirm",
  "confirmed",
  "approve",
  "approved",
  "do it",
  "go ahead",
  "sounds good",
  "lgtm",
  "correct",
  "oui",
  "d'accord",
];

/**
 * A short reply that opens with a confirmation ("yes", "ok, do it", "confirmed.") confirms; a longer
 * message that merely contains "yes" somewhere does not.
 */
export function isConfirmation(prompt: string): boolean {
  const text = prompt
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, "");
  if (text.length === 0 || text.length > 80) return false;
  return CONFIRMATIONS.some((word) => text === word || new RegExp(`^${word}\\b`).test(text));
}

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
