// Acceptance criteria: AC-001, AC-002, ... exist and run without gaps.
import { findIds } from "../markdown.js";
import type { Rule } from "../types.js";
import { numberingGaps, pad } from "./fr-numbering.rule.js";

export const acNumbering: Rule = {
  id: "ac_numbering",
  critical: true,
  topic: "acceptance criteria numbering",
  check: (doc) => {
    const ids = findIds(doc.text, "AC");
    if (ids.length === 0) return [{ message: "No numbered acceptance criteria (AC-001, AC-002, ...)." }];
    const gaps = numberingGaps(ids.map((i) => i.num));
    if (gaps.length === 0) return [];
    const list = gaps.map((n) => `AC-${pad(n)}`).join(", ");
    return [{ message: `AC numbering has gaps: ${list} missing.`, offending_content: list }];
  },
};
