// Requirements: FR-001.. and NFR-001.. run without gaps.
import type { Finding, Rule } from "../types.js";

export function numberingGaps(numbers: Iterable<number>): number[] {
  const set = new Set(numbers);
  if (set.size === 0) return [];
  const max = Math.max(...set);
  const missing: number[] = [];
  // Bounded: absurd ids (FR-999999) report the first gaps, not a million of them.
  for (let n = 1; n <= max && missing.length < 10; n++) if (!set.has(n)) missing.push(n);
  return missing;
}

export function pad(n: number): string {
  return String(n).padStart(3, "0");
}

export const frNumbering: Rule = {
  id: "fr_numbering",
  // The same severity as an acceptance-criteria gap: a missing id breaks traceability either way.
  critical: true,
  topic: "requirement numbering",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const prefix of ["FR", "NFR"]) {
      const numbers: number[] = [];
      for (const table of doc.tables) {
        if (table.header[0] !== "id") continue;
        for (const row of table.rows) {
          const cell = (row[0] ?? "").toUpperCase().replace(/\*/g, "");
          const digits = cell.startsWith(`${prefix}-`) ? cell.slice(prefix.length + 1) : "";
          if (/^\d{1,6}$/.test(digits)) numbers.push(Number(digits));
        }
      }
      const gaps = numberingGaps(numbers);
      if (gaps.length > 0) {
        const list = gaps.map((n) => `${prefix}-${pad(n)}`).join(", ");
        findings.push({ message: `${prefix} numbering has gaps: ${list} missing.`, offending_content: list });
      }
    }
    return findings;
  },
};
