// Whether a manual note states a standing decision (a rule meant to outlive the turn), by small named rules.

export interface StandingRule {
  name: string;
  /** Why the note counts as a decision, or undefined when this rule does not apply. */
  test(note: string, hints: readonly string[]): string | undefined;
}

/** Decision wording, matched as whole words; curly apostrophes count as straight ones. */
const WORDING: { phrase: string; re: RegExp }[] = [
  { phrase: "from now on", re: /\bfrom now on\b/ },
  { phrase: "going forward", re: /\bgoing forward\b/ },
  { phrase: "we decided", re: /\bwe(?: have|'ve)? decided\b/ },
  { phrase: "always", re: /\balways\b/ },
  { phrase: "never", re: /\bnever\b/ },
  { phrase: "don't", re: /\bdon'?t\b/ },
  { phrase: "do not", re: /\bdo not\b/ },
  { phrase: "must", re: /\bmust(?:n'?t| not)?\b/ },
  { phrase: "stop", re: /\bstop\b/ },
  { phrase: "prefer", re: /\bprefer(?:s|red)?\b/ },
];

const normalize = (text: string) => text.toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'");

export const decisionHint: StandingRule = {
  name: "decision-hint",
  test: (_note, hints) => {
    const hint = hints.find((h) => normalize(h).includes("decision"));
    return hint === undefined ? undefined : `hint "${hint}"`;
  },
};

export const decisionWording: StandingRule = {
  name: "decision-wording",
  test: (note) => {
    const lower = normalize(note);
    const found = WORDING.find((w) => w.re.test(lower));
    return found ? `wording "${found.phrase}"` : undefined;
  },
};

/** Checked in order: an explicit hint wins over wording, so the reason names what the reporter said. */
export const STANDING_RULES: readonly StandingRule[] = [decisionHint, decisionWording];

/** Why `note` is a standing decision (for example `wording "from now on"`), or undefined when it is not. */
export function standingReason(note: string, hints: readonly string[] = []): string | undefined {
  for (const rule of STANDING_RULES) {
    const reason = rule.test(note, hints);
    if (reason !== undefined) return reason;
  }
  return undefined;
}
