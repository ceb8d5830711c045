// Technical specification: no secret literal assigned in text or code.
import type { Finding, Rule } from "../types.js";

const NAMES = ["password", "passwd", "secret", "api_key", "apikey", "token", "private_key", "mot_de_passe"];
const QUOTES = new Set(['"', "'", "`"]);
const NOT_LITERAL = ["${", "{{", "<", "env", "process.", "os.", "vault", "..."];

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

export const hardcodedSecrets: Rule = {
  id: "no_hardcoded_secrets",
  critical: true,
  topic: "secrets from environment vault",
  check: (doc) => {
    const findings: Finding[] = [];
    doc.lines.forEach((raw, index) => {
      if (findings.length >= 5) return;
      const line = raw.toLowerCase();
      for (const name of NAMES) {
        let at = line.indexOf(name);
        while (at !== -1 && findings.length < 5) {
          const literal = assignedLiteral(line, at + name.length);
          if (literal !== null && literal.length >= 6 && !NOT_LITERAL.some((n) => literal.includes(n))) {
            findings.push({
              message: `A ${name} literal is hard-coded.`,
              offending_content: raw.trim(),
              location: `line ${index + 1}`,
            });
          }
          at = line.indexOf(name, at + name.length);
        }
      }
    });
    return findings;
  },
};
