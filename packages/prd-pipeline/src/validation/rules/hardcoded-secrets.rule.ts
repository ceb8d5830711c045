// Technical specification: no credential in text or code: a literal assigned to a secret's name, or a value
// with the shape of a real key or token. Placeholders (`<API_KEY>`, `${TOKEN}`) are what a PRD should show.
import { credentialIn, isPlaceholder } from "../secret-shapes.js";
import type { Finding, Rule } from "../types.js";

const NAMES = [
  "password",
  "passwd",
  "secret",
  "api_key",
  "apikey",
  "token",
  "private_key",
  "accesskeyid",
  "access_key_id",
  "client_secret",
  "mot_de_passe",
];
const QUOTES = new Set(['"', "'", "`"]);
const NOT_LITERAL = ["env", "process.", "os.", "vault"];
const MAX_FINDINGS = 5;

/** The literal assigned right after `name`, looking only a few characters ahead (bounded work per hit). */
function assignedLiteral(line: string, from: number): string | null {
  let i = from;
  const stop = Math.min(line.length, from + 24);
  while (i < stop && line[i] !== "=" && line[i] !== ":") i += 1;
  if (i >= stop) return null;
  i += 1;
  while (i < line.length && i < from + 32 && (line[i] === " " || line[i] === "=")) i += 1;
  const quote = line[i];
  if (quote === undefined || !QUOTES.has(quote)) return null;
  const end = line.indexOf(quote, i + 1);
  if (end === -1 || end - i > 200) return null;
  return line.slice(i + 1, end);
}

function namedLiteral(raw: string): string | null {
  const line = raw.toLowerCase();
  for (const name of NAMES) {
    for (let at = line.indexOf(name); at !== -1; at = line.indexOf(name, at + name.length)) {
      const literal = assignedLiteral(raw, at + name.length);
      if (literal === null || literal.length < 6) continue;
      if (isPlaceholder(literal) || NOT_LITERAL.some((n) => literal.toLowerCase().includes(n))) continue;
      return name;
    }
  }
  return null;
}

export const hardcodedSecrets: Rule = {
  id: "no_hardcoded_secrets",
  critical: true,
  topic: "secrets from environment vault",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const [index, raw] of doc.lines.entries()) {
      if (findings.length >= MAX_FINDINGS) break;
      const shape = credentialIn(raw);
      const name = shape === null ? namedLiteral(raw) : null;
      if (shape === null && name === null) continue;
      findings.push({
        message: shape ? `A ${shape} is written out.` : `A ${name} literal is hard-coded.`,
        offending_content: raw.trim(),
        location: `line ${index + 1}`,
      });
    }
    return findings;
  },
};
