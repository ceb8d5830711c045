// Data model: with several tables, none stands alone (unreferenced and referencing nothing).
import type { Finding, Rule } from "../types.js";
import { readDdl } from "./ddl.js";

export const ddlNoOrphans: Rule = {
  id: "ddl_no_orphans",
  critical: false,
  topic: "table relationships",
  concern: "data_model",
  check: (doc) => {
    const tables = readDdl(doc);
    if (tables.length < 2) return [];
    const referenced = new Set(tables.flatMap((t) => t.references));
    const findings: Finding[] = [];
    for (const table of tables) {
      if (table.references.length === 0 && !referenced.has(table.name)) {
        findings.push({
          message: `Table ${table.name} is not related to any other table.`,
          offending_content: table.name,
          location: `line ${table.line}`,
        });
      }
    }
    return findings;
  },
};
