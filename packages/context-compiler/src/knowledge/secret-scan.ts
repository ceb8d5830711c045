// Finds likely secrets in text. A hit is a warning for a person to look at, never a refusal.

const PATTERNS: { name: string; re: RegExp }[] = [
  { name: "AWS access key id", re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: "PEM private key", re: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
  { name: "GitHub token", re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/ },
  { name: "Slack token", re: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { name: "OpenAI API key", re: /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}\b/ },
];

const CANDIDATE = /[A-Za-z0-9+/=_-]{32,}/g;

/** Shannon entropy in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Warnings naming each kind of likely secret found (the secret itself is never echoed). */
export function scanForSecrets(text: string): string[] {
  const found = PATTERNS.filter((p) => p.re.test(text)).map((p) => `Possible ${p.name} in the content.`);
  for (const token of text.match(CANDIDATE) ?? []) {
    const mixed = /[a-z]/.test(token) && /[A-Z]/.test(token) && /\d/.test(token);
    if (mixed && entropy(token) >= 4.5) {
      found.push(`Possible secret: a high-entropy string of ${token.length} characters in the content.`);
      break;
    }
  }
  return found;
}
