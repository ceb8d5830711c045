// Data model: a partial index predicate never calls now() (it is evaluated once, at creation).
import type { Finding, Rule } from "../types.js";
import { indexStatements } from "./ddl.js";

const VOLATILE = ["now()", "current_timestamp", "current_date", "localtimestamp", "sysdate"];

export const partialIndexNow: Rule = {
  id: "partial_index_now",
  critical: true,
  topic: "partial index predicate",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const statement of indexStatements(doc)) {
      const where = statement.text.indexOf(" where ");
      if (where === -1) continue;
      const predicate = statement.text.slice(where);
      if (VOLATILE.some((v) => predicate.includes(v))) {
        findings.push({
          message: "A partial index predicate uses the current time.",
          offending_content: statement.text.slice(0, 200),
          location: `line ${statement.line}`,
        });
      }
    }
    return findings;
  },
};
