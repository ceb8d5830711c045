// Timeline: story-point totals add up, and no milestone carries an absurd share of the work.
import type { SectionDoc, Table } from "../markdown.js";
import type { Finding, Rule } from "../types.js";

export interface PointsTable {
  table: Table;
  items: { label: string; points: number }[];
  total: number | null;
}

function pointsColumn(table: Table): number {
  return table.header.findIndex((h) => h.includes("story point") || h === "sp" || h.includes("points"));
}

function numberIn(cell: string): number | null {
  const digits = cell.replace(/[*_`\s]/g, "");
  return /^\d{1,6}(?:\.\d{1,3})?$/.test(digits) ? Number(digits) : null;
}

export function pointsTables(doc: SectionDoc): PointsTable[] {
  const found: PointsTable[] = [];
  for (const table of doc.tables) {
    const col = pointsColumn(table);
    if (col === -1) continue;
    const items: PointsTable["items"] = [];
    let total: number | null = null;
    for (const row of table.rows) {
      const label = (row[0] ?? "").replace(/[*_`]/g, "").trim();
      const points = numberIn(row[col] ?? "");
      if (points === null) continue;
      if (label.toLowerCase().startsWith("total")) total = points;
      else items.push({ label, points });
    }
    found.push({ table, items, total });
  }
  return found;
}

export const storyPointArithmetic: Rule = {
  id: "story_point_arithmetic",
  critical: true,
  topic: "story point totals",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const { table, items, total } of pointsTables(doc)) {
      const sum = items.reduce((s, i) => s + i.points, 0);
      if (total !== null && Math.abs(total - sum) > 1e-9) {
        findings.push({
          message: `Story points add up to ${sum}, but the total says ${total}.`,
          offending_content: String(total),
          location: `line ${table.line}`,
        });
      }
    }
    return findings;
  },
};

export const storyPointDistribution: Rule = {
  id: "story_point_distribution",
  critical: false,
  topic: "story point distribution",
  check: (doc) => {
    const findings: Finding[] = [];
    for (const { table, items } of pointsTables(doc)) {
      const sum = items.reduce((s, i) => s + i.points, 0);
      const biggest = items.reduce((m, i) => (i.points > m.points ? i : m), { label: "", points: 0 });
      if (items.length >= 3 && sum > 0 && biggest.points / sum > 0.7) {
        findings.push({
          message: `"${biggest.label}" carries ${Math.round((100 * biggest.points) / sum)}% of the points.`,
          offending_content: biggest.label,
          location: `line ${table.line}`,
        });
      }
    }
    return findings;
  },
};
