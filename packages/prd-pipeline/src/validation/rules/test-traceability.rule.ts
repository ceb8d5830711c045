// Testing: tests trace to FR or AC ids.
import { findIds } from "../markdown.js";
import type { Rule } from "../types.js";

export const testTraceability: Rule = {
  id: "test_traceability",
  critical: true,
  topic: "test traceability FR AC",
  check: (doc) =>
    findIds(doc.text, "FR").length + findIds(doc.text, "AC").length > 0
      ? []
      : [{ message: "No test traces to an FR-xxx or AC-xxx id." }],
};
