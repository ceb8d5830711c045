// Requirements: no requirement lists itself in its Depends On column.
import { findIds } from "../markdown.js";
import type { Finding, Rule } from "../types.js";

export const frSelfDependency: Rule = {
  id: "fr_self_dependency",
  critical: true,
  topic: "requirement dependencies",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const table of doc.tables) {
      const dep = table.header.findIndex((h) => h.includes("depend") || h.includes("dépend"));
      if (table.header[0] !== "id" || dep === -1) continue;
      for (const row of table.rows) {
        const id = (row[0] ?? "").toUpperCase().replace(/\*/g, "");
        const prefix = id.startsWith("NFR-") ? "NFR" : "FR";
        if (findIds(row[dep] ?? "", prefix).some((d) => d.id === id)) {
          findings.push({ message: `${id} depends on itself.`, offending_content: row.join(" | ") });
        }
      }
    }
    return findings;
  },
};
