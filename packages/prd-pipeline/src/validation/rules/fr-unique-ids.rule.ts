// Requirements: no FR or NFR id is defined twice.
import type { Finding, Rule } from "../types.js";

export const frUniqueIds: Rule = {
  id: "fr_unique_ids",
  critical: true,
  topic: "unique requirement ids",
  check: (doc) => {
    const seen = new Set<string>();
    const findings: Finding[] = [];
    for (const table of doc.tables) {
      if (table.header[0] !== "id") continue;
      for (const row of table.rows) {
        const id = (row[0] ?? "").toUpperCase().replace(/\*/g, "");
        if (!id.startsWith("FR-") && !id.startsWith("NFR-")) continue;
        if (seen.has(id))
          findings.push({ message: `Requirement id ${id} is defined twice.`, offending_content: id });
        seen.add(id);
      }
    }
    return findings;
  },
};
