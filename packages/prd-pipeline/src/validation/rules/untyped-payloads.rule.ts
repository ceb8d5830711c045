// Technical specification: no `any`-style payloads in code examples.
import type { Finding, Rule } from "../types.js";

// One alternation followed by a bounded run of spaces: linear on any line.
const ANY_TYPE = /(?::|<|\[|,|\bas|->)[ \t]{0,4}any\b/i;
const OPAQUE = [
  "interface{}",
  "map[string]interface{}",
  ": object",
  ": dict)",
  ": dict,",
  "record<string, unknown>",
];

export const untypedPayloads: Rule = {
  id: "untyped_payloads",
  critical: false,
  topic: "typed payloads",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const { text, line } of doc.code) {
      const lower = text.toLowerCase();
      if (ANY_TYPE.test(text) || OPAQUE.some((o) => lower.includes(o))) {
        findings.push({
          message: "Untyped payload in a code example.",
          offending_content: text.trim(),
          location: `line ${line}`,
        });
        if (findings.length >= 5) break;
      }
    }
    return findings;
  },
};
