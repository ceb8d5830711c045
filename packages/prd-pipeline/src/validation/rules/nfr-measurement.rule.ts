// Performance: every NFR row names how it will be measured.
import { measurementMethod } from "../measurement-method.js";
import type { Finding, Rule } from "../types.js";

export const nfrMeasurement: Rule = {
  id: "nfr_measurement_method",
  critical: false,
  topic: "NFR measurement method",
  check: (doc) => {
    const findings: Finding[] = [];
    doc.lines.forEach((raw, index) => {
      const start = raw.trimStart().replace(/^[|*\-\s]+/, "");
      if (!start.toUpperCase().startsWith("NFR-") || findings.length >= 5) return;
      if (measurementMethod(raw) === null) {
        findings.push({
          message: "An NFR names no measurement method.",
          offending_content: raw.trim(),
          location: `line ${index + 1}`,
        });
      }
    });
    return findings;
  },
};
