// What a section depends on from the sections drafted before it: the requirement ids and one-line texts,
// and the data model's entity names, so a section cites what exists instead of inventing it.

import type { RunState } from "../run-model/state.js";
import { readSection } from "../validation/markdown.js";
import { readDdl } from "../validation/rules/ddl.js";
import type { SectionType } from "./section-catalogue.js";

/** Sections that cite requirement ids. */
const NEEDS_REQUIREMENTS: ReadonlySet<SectionType> = new Set([
  "user_stories",
  "acceptance_criteria",
  "testing",
  "technical_specification",
]);
const NEEDS_ENTITIES: ReadonlySet<SectionType> = new Set(["api_specification"]);
export const MAX_LISTED_REQUIREMENTS = 40;
const LINE_CHARS = 160;

/** The latest text of a section drafted earlier in this run (passed, or the last attempt of a failed one). */
function draftOf(state: RunState, type: SectionType): string | null {
  const section = state.sections.find((s) => s.type === type);
  return section && section.status !== "pending" ? section.content : null;
}

/** `FR-001: <one line>` per row of the requirement tables, in document order. */
export function requirementLines(content: string): string[] {
  const doc = readSection(content, "requirements");
  const lines: string[] = [];
  for (const table of doc.tables) {
    if (table.header[0] !== "id") continue;
    const text = table.header.findIndex((h) => h.startsWith("requirement") || h.startsWith("exigence"));
    for (const row of table.rows) {
      const id = (row[0] ?? "").replace(/\*/g, "").trim();
      if (!/^N?FR-\d+$/i.test(id)) continue;
      const body = (row[text === -1 ? 1 : text] ?? "").replace(/\s+/g, " ").trim();
      lines.push(`${id.toUpperCase()}: ${body}`.slice(0, LINE_CHARS));
    }
  }
  return lines.slice(0, MAX_LISTED_REQUIREMENTS);
}

/** Table names of the data model's DDL, then its `###` entity headings when it has no DDL. */
export function entityNames(content: string): string[] {
  const doc = readSection(content, "data_model");
  const names = readDdl(doc).map((t) => t.name);
  if (names.length === 0)
    for (const line of doc.lines) if (line.startsWith("### ")) names.push(line.slice(4).trim().slice(0, 60));
  return [...new Set(names.filter((n) => n !== ""))].slice(0, 40);
}

/** The blocks of earlier sections a draft prompt carries for `type`; [] when it depends on none. */
export function dependencyBlocks(state: RunState, type: SectionType): string[] {
  const blocks: string[] = [];
  const requirements = draftOf(state, "requirements");
  if (NEEDS_REQUIREMENTS.has(type) && requirements !== null) {
    const lines = requirementLines(requirements);
    if (lines.length > 0)
      blocks.push(
        "Requirements of this PRD (cite these ids; do not invent others):",
        `<requirements>\n${lines.join("\n")}\n</requirements>`,
      );
  }
  const dataModel = draftOf(state, "data_model");
  if (NEEDS_ENTITIES.has(type) && dataModel !== null) {
    const names = entityNames(dataModel);
    if (names.length > 0)
      blocks.push(`Data-model entities (name payloads and resources after these): ${names.join(", ")}`);
  }
  return blocks;
}
