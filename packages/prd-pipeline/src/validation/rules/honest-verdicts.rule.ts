// Performance: an NFR target is never marked PASS at design time (it needs a measurement).
import type { Finding, Rule } from "../types.js";

const NFR_MARKERS = [
  "nfr-",
  "latency",
  "latence",
  "throughput",
  "débit",
  "p95",
  "p99",
  "fps",
  "frame rate",
  "req/s",
  "storage",
  "stockage",
  "response time",
  "temps de réponse",
];
const NEGATIONS = new Set(["never", "not", "no", "jamais", "pas", "ne"]);

export const honestVerdicts: Rule = {
  id: "honest_verdicts",
  critical: true,
  topic: "NFR verdict measurement",
  check: (doc) => {
    const findings: Finding[] = [];
    doc.lines.forEach((raw, index) => {
      if (findings.length >= 5 || !raw.includes("PASS")) return;
      const tokens = raw.split(/[^A-Za-z0-9_-]+/);
      if (!tokens.includes("PASS")) return;
      const lower = raw.toLowerCase();
      if (!NFR_MARKERS.some((m) => lower.includes(m))) return;
      if (tokens.some((t) => NEGATIONS.has(t.toLowerCase()))) return;
      findings.push({
        message: "An NFR target is marked PASS before it was measured.",
        offending_content: raw.trim(),
        location: `line ${index + 1}`,
      });
    });
    return findings;
  },
};
