// Risks: every risk has a real mitigation, not n/a, tbd, todo, none or a dash.
import { EMPTY_MITIGATIONS } from "../keywords.js";
import { optOutReason } from "../markdown.js";
import type { Finding, Rule } from "../types.js";

const MITIGATION_HEADERS = ["mitigation", "atténuation", "attenuation", "parade", "contre-mesure"];

export const riskMitigation: Rule = {
  id: "risk_mitigation",
  critical: true,
  topic: "risk mitigation",
  check: (doc) => {
    const findings: Finding[] = [];
    let tables = 0;
    for (const table of doc.tables) {
      const col = table.header.findIndex((h) => MITIGATION_HEADERS.some((m) => h.includes(m)));
      if (col === -1) continue;
      tables += 1;
      for (const row of table.rows) {
        const cell = row[col] ?? "";
        const value = cell.replace(/[*_`]/g, "").trim().toLowerCase();
        if (EMPTY_MITIGATIONS.has(value) && optOutReason(cell) === null) {
          findings.push({
            message: `Risk "${row[0] ?? ""}" has no real mitigation.`,
            offending_content: row.join(" | "),
          });
        }
      }
    }
    if (tables === 0) return [{ message: "No risk table with a Mitigation column." }];
    return findings;
  },
};
