// Data model: every foreign key references a table defined in the section or one the project already has.
import type { Finding, Rule } from "../types.js";
import { readDdl } from "./ddl.js";

export const ddlForeignKeys: Rule = {
  id: "ddl_foreign_keys",
  critical: true,
  topic: "foreign key references tables",
  check: (doc) => {
    const tables = readDdl(doc);
    const names = new Set([...tables.map((t) => t.name), ...doc.project.existingTables]);
    const findings: Finding[] = [];
    for (const table of tables) {
      for (const target of table.references) {
        if (!names.has(target)) {
          findings.push({
            message: `${table.name} references ${target}, which is neither defined here nor an existing table.`,
            offending_content: target,
            location: `line ${table.line}`,
          });
        }
      }
    }
    return findings;
  },
};
