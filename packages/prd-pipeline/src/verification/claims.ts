// Claim extraction by pattern, no model: every claim with its evidence snippet, duplicates dropped.
import { claimId, type Detection, detect, isMechanical } from "./claim-patterns.js";
import type { Claim } from "./types.js";

export interface SourceSection {
  type: string;
  content: string;
}

/** Evidence of a line claim never runs past this many lines or characters; a statement or a table is whole. */
export const EVIDENCE_MAX_LINES = 6;
export const EVIDENCE_MAX_CHARS = 600;

interface Found {
  detection: Detection;
  section: string;
  line: number;
  lines: readonly string[];
  starts: ReadonlySet<number>;
}

function claimText(line: string): string {
  const t = line.trim();
  const body = t.startsWith("|")
    ? t
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((c) => c.trim())
        .filter((c) => c !== "")
        .join(" | ")
    : t.replace(/^(?:[-*+]|\d+[.)])\s+/, "");
  return body;
}

const isRow = (line: string) => line.trim().startsWith("|");

/** A DDL statement whole: from its CREATE line to the semicolon, a closing fence or a heading. */
export function statementAt(lines: readonly string[], at: number): string {
  const out: string[] = [];
  for (let i = at; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (i > at && /^\s*(```|~~~|#)/.test(line)) break;
    out.push(line);
    if (line.includes(";")) break;
  }
  return out.join("\n").trim();
}

/** The whole pipe table a row sits in, header included: what a story-point total adds up. */
export function tableAt(lines: readonly string[], at: number): string {
  let start = at;
  while (start > 0 && isRow(lines[start - 1] ?? "")) start -= 1;
  let end = at;
  while (end + 1 < lines.length && isRow(lines[end + 1] ?? "")) end += 1;
  return lines
    .slice(start, end + 1)
    .join("\n")
    .trim();
}

/** A story-point claim's evidence names each FR it counts with the FR's own text from the requirements. */
function withFrTexts(table: string, frText: ReadonlyMap<string, string>): string {
  const ids = [...new Set([...table.matchAll(/\bFR-\d+\b/gi)].map((m) => m[0].toUpperCase()))];
  const named = ids.flatMap((id) => {
    const text = frText.get(id);
    return text ? [`${id} in the requirements: ${text}`] : [];
  });
  return named.length === 0 ? table : `${table}\n\n${named.join("\n")}`;
}

/** From the claim's line up to (not including) a heading or the next line that starts a claim. */
export function evidenceOf(lines: readonly string[], at: number, starts: ReadonlySet<number>): string {
  const out: string[] = [];
  let size = 0;
  for (let i = at; i < lines.length && out.length < EVIDENCE_MAX_LINES; i++) {
    const line = lines[i] ?? "";
    if (i > at && (/^\s*#/.test(line) || starts.has(i))) break;
    if (size + line.length > EVIDENCE_MAX_CHARS) {
      if (out.length === 0) out.push(line.slice(0, EVIDENCE_MAX_CHARS));
      break;
    }
    out.push(line);
    size += line.length + 1;
  }
  return out.join("\n").trim();
}

/** A separator row (`|---|:--:|`) follows: the line names columns. */
function headsTable(lines: readonly string[], i: number): boolean {
  return isRow(lines[i] ?? "") && /^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/.test(lines[i + 1] ?? "");
}

function scan(section: SourceSection): Found[] {
  const lines = section.content.split(/\r?\n/);
  const perLine: Detection[][] = [];
  let inCode = false;
  lines.forEach((line, i) => {
    const fence = /^\s*(```|~~~)/.test(line);
    if (fence) inCode = !inCode;
    const heading = !inCode && /^\s*#/.test(line);
    const header = !inCode && headsTable(lines, i);
    perLine.push(
      fence || heading
        ? []
        : detect({ sectionType: section.type, line, lower: line.toLowerCase(), inCode, header }),
    );
  });
  const starts = new Set<number>();
  perLine.forEach((d, i) => {
    if (d.length > 0) starts.add(i);
  });
  return perLine.flatMap((ds, line) =>
    ds.map((detection) => ({ detection, section: section.type, line, lines, starts })),
  );
}

/** FR ids used outside the requirements: one consistency claim each, defined or not. */
function crossFileClaims(sections: readonly SourceSection[], defined: ReadonlySet<string>): Claim[] {
  const uses = new Map<string, { sections: Set<string>; lines: string[] }>();
  for (const s of sections) {
    if (s.type === "requirements") continue;
    for (const line of s.content.split(/\r?\n/)) {
      for (const match of line.matchAll(/\bFR-\d{3}\b/g)) {
        const entry = uses.get(match[0]) ?? { sections: new Set<string>(), lines: [] };
        entry.sections.add(s.type);
        if (entry.lines.length < 3 && !entry.lines.includes(line.trim())) entry.lines.push(line.trim());
        uses.set(match[0], entry);
      }
    }
  }
  return [...uses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([fr, use], i) => {
      const where = [...use.sections].sort().join(", ");
      const text = defined.has(fr)
        ? `${fr} is defined in the requirements and referenced consistently in ${where}`
        : `${fr} is referenced in ${where} but the requirements do not define it`;
      return {
        claim_id: `XREF-${String(i + 1).padStart(2, "0")}-${fr}`,
        claim_type: "cross_file_consistency" as const,
        text,
        evidence: use.lines.join("\n").slice(0, EVIDENCE_MAX_CHARS),
        source_section: [...use.sections].sort()[0] ?? "requirements",
        mechanical: false,
      };
    });
}

/** Every claim of the given sections, in document order; the first of two equal claims is kept. */
export function extractClaims(sections: readonly SourceSection[]): Claim[] {
  const seen = new Set<string>();
  const ids = new Set<string>();
  const ordinals = new Map<string, number>();
  const claims: Claim[] = [];
  for (const found of sections.flatMap(scan)) {
    const { detection: d } = found;
    const dedupe = `${d.claim_type}:${d.key}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    const line = found.lines[found.line] ?? "";
    const ddl = d.prefix === "DDL";
    const text = ddl ? statementAt(found.lines, found.line) : claimText(line);
    // A generated id never takes one the PRD wrote itself (NFR-LATENCY-01 written, another latency line found).
    let id: string;
    do {
      const ordinal = (ordinals.get(d.prefix) ?? 0) + 1;
      ordinals.set(d.prefix, ordinal);
      id = claimId(d, ordinal, text);
    } while (d.numbered && ids.has(id));
    ids.add(id);
    const evidence = ddl
      ? text
      : d.prefix === "SP-TOTAL"
        ? tableAt(found.lines, found.line)
        : evidenceOf(found.lines, found.line, found.starts);
    claims.push({
      claim_id: id,
      claim_type: d.claim_type,
      text,
      evidence,
      source_section: found.section,
      mechanical: isMechanical(d.claim_type, `${text}\n${evidence}`),
    });
  }
  const frText = new Map(
    claims.filter((c) => c.claim_type === "fr_traceability").map((c) => [c.claim_id.toUpperCase(), c.text]),
  );
  const complete = claims.map((c) =>
    c.claim_type === "story_point_arithmetic" ? { ...c, evidence: withFrTexts(c.evidence, frText) } : c,
  );
  return [...complete, ...crossFileClaims(sections, new Set(frText.keys()))];
}
