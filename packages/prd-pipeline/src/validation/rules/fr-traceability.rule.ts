// Requirements: the FR table exists and has a Source/Traceability column.
import { idTable } from "../markdown.js";
import type { Rule } from "../types.js";

const SOURCE_HEADERS = ["source", "traceab", "traçab", "tracab", "origine", "provenance"];

export const frTraceability: Rule = {
  id: "fr_traceability",
  critical: true,
  topic: "requirements traceability source",
  check: (doc) => {
    const table = idTable(doc, "FR-");
    if (!table) {
      return [
        {
          message: "No FR table found (`ID | Requirement | Priority | Depends On | Source` with FR-001...).",
        },
      ];
    }
    const traced = table.header.some((h) => SOURCE_HEADERS.some((s) => h.includes(s)));
    return traced
      ? []
      : [
          {
            message: "The FR table has no Source/Traceability column.",
            offending_content: table.header.join(" | "),
            location: `line ${table.line}`,
          },
        ];
  },
};
