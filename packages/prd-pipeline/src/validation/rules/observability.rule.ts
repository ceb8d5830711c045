// Deployment: metrics, logs, alerts and health checks are all covered.
import { KW } from "../keywords.js";
import { mentions } from "../markdown.js";
import type { Rule } from "../types.js";

const PARTS = [
  ["metrics", KW.metrics],
  ["logs", KW.logs],
  ["alerts", KW.alerts],
  ["health checks", KW.healthChecks],
] as const;

export const observability: Rule = {
  id: "observability",
  critical: false,
  topic: "observability metrics logs alerts health checks",
  check: (doc) => {
    const missing = PARTS.filter(([, keywords]) => !mentions(doc, keywords)).map(([name]) => name);
    return missing.length === 0
      ? []
      : [
          {
            message: `Observability is missing: ${missing.join(", ")}.`,
            offending_content: missing.join(", "),
          },
        ];
  },
};
