// Testing: no empty or always-true tests in examples.
import type { Finding, Rule } from "../types.js";

const EMPTY_BODIES = ["pass", "...", "// ...", "# ...", "// todo", "# todo"];
const FAKE = [
  "it.todo(",
  "test.todo(",
  "it.skip(",
  "test.skip(",
  "expect(true).tobe(true)",
  "assert true",
  "asserttrue(true)",
];

export const placeholderTests: Rule = {
  id: "no_placeholder_tests",
  critical: true,
  topic: "real test assertions",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const { text, line } of doc.code) {
      const lower = text.trim().toLowerCase();
      if (EMPTY_BODIES.includes(lower) || FAKE.some((f) => lower.includes(f))) {
        findings.push({
          message: "A test example is a placeholder.",
          offending_content: text.trim(),
          location: `line ${line}`,
        });
        if (findings.length >= 5) break;
      }
    }
    return findings;
  },
};
