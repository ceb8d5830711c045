// Technical specification and API: every endpoint is covered by authentication.
import { KW } from "../keywords.js";
import { mentions, optOutReason } from "../markdown.js";
import type { Finding, Rule } from "../types.js";

const METHODS = ["get", "post", "put", "patch", "delete"];
const OPEN = ["no auth", "unauthenticated", "without auth", "sans authentification"];

export function endpointLines(lines: readonly string[]): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  lines.forEach((raw, index) => {
    let start = 0;
    while (start < raw.length && " \t-*|`>#".includes(raw[start] as string)) start += 1;
    const text = raw.slice(start, start + 16).toLowerCase();
    const method = METHODS.find((m) => text.startsWith(`${m} /`));
    if (method) found.push({ text: raw.trim(), line: index + 1 });
  });
  return found;
}

export const endpointAuth: Rule = {
  id: "endpoint_auth",
  critical: true,
  topic: "endpoint authentication",
  check: (doc) => {
    const endpoints = endpointLines(doc.lines);
    if (endpoints.length === 0) return [];
    if (!mentions(doc, KW.auth)) {
      return [
        {
          message: `${endpoints.length} endpoint(s) and no authentication stated.`,
          offending_content: endpoints[0]?.text,
        },
      ];
    }
    const findings: Finding[] = [];
    for (const e of endpoints) {
      const lower = e.text.toLowerCase();
      if (OPEN.some((o) => lower.includes(o)) && optOutReason(e.text) === null) {
        findings.push({
          message: "An endpoint is open without a stated reason.",
          offending_content: e.text,
          location: `line ${e.line}`,
        });
      }
    }
    return findings;
  },
};
