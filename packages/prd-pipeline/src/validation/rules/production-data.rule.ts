// Testing: tests never run on production data.
import { KW } from "../keywords.js";
import type { Finding, Rule } from "../types.js";

const PROD_DATA = [
  "production data",
  "prod data",
  "production dump",
  "copy of production",
  "données de production",
  "prod dump",
];

export const noProductionData: Rule = {
  id: "no_production_data",
  critical: true,
  topic: "synthetic test data",
  check: (doc) => {
    const findings: Finding[] = [];
    doc.lines.forEach((raw, index) => {
      const lower = raw.toLowerCase();
      if (findings.length >= 3 || !PROD_DATA.some((p) => lower.includes(p))) return;
      if (KW.negations.some((n) => lower.includes(n))) return;
      findings.push({
        message: "Tests use production data.",
        offending_content: raw.trim(),
        location: `line ${index + 1}`,
      });
    });
    return findings;
  },
};
