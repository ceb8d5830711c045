// Technical specification: numbers in code examples are named constants.
import type { Finding, Rule } from "../types.js";

// HTTP statuses read as names already.
const WELL_KNOWN = new Set([
  "200",
  "201",
  "202",
  "204",
  "301",
  "302",
  "304",
  "400",
  "401",
  "403",
  "404",
  "409",
  "422",
  "429",
  "500",
  "502",
  "503",
]);
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]+$/;

export const noMagicNumbers: Rule = {
  id: "no_magic_numbers",
  critical: false,
  topic: "named constants",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const { text, line } of doc.code) {
      const tokens = text.split(/[^A-Za-z0-9_]+/);
      const declaresConstant = tokens.some((t) => CONSTANT_NAME.test(t));
      const magic = tokens.find(
        (t) => t.length >= 3 && t.length <= 12 && /^\d+$/.test(t) && !WELL_KNOWN.has(t),
      );
      if (magic && !declaresConstant) {
        findings.push({
          message: `Magic number ${magic} in a code example; name it.`,
          offending_content: text.trim(),
          location: `line ${line}`,
        });
        if (findings.length >= 3) break;
      }
    }
    return findings;
  },
};
