// Standing rules in the database versus .archon/rules.md on disk: read, compare and re-render.
import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@archon/core";
import { approvedDocumentTexts } from "../../store/documents.js";
import { readProjectFile } from "../project-path.js";
import { replaceProjectFile } from "../project-write.js";
import {
  normalizeRuleText,
  normalizeRuleTitle,
  parseRulesFile,
  RULES_FILE,
  type RuleSection,
  renderRulesFile,
} from "./rules-file.js";

/** The approved standing rules, by doc_id. */
export function standingRules(db: Db): RuleSection[] {
  return approvedDocumentTexts(db, "standing").map(({ doc_id, title, content }) => ({
    doc_id,
    title,
    content,
  }));
}

export interface RulesOnDisk {
  /** missing: no file; empty: a file without a single rule section (never read as "delete every rule"). */
  state: "missing" | "empty" | "present";
  sections: RuleSection[];
}

/** Reads and parses the rules file through the project sandbox; throws a UserError when it does not parse. */
export function readRulesFile(projectRoot: string): RulesOnDisk {
  if (lstatSync(join(projectRoot, RULES_FILE), { throwIfNoEntry: false }) === undefined)
    return { state: "missing", sections: [] };
  // Read from the very descriptor the sandbox checked: a link swapped in since cannot leak a file.
  const sections = parseRulesFile(readProjectFile(projectRoot, RULES_FILE, "rules_file").text);
  return { state: sections.length === 0 ? "empty" : "present", sections };
}

export interface RulesDiff {
  added: RuleSection[];
  updated: RuleSection[];
  deprecated: string[];
}

/** What the file says should change in `rules` (the database's standing rules); each list sorted by doc_id. */
export function diffRules(file: RulesOnDisk, rules: readonly RuleSection[]): RulesDiff {
  if (file.state !== "present") return { added: [], updated: [], deprecated: [] };
  const current = new Map(rules.map((r) => [r.doc_id, r]));
  const inFile = new Set(file.sections.map((s) => s.doc_id));
  const byId = (a: RuleSection, b: RuleSection) => (a.doc_id < b.doc_id ? -1 : 1);
  const added = file.sections.filter((s) => !current.has(s.doc_id)).sort(byId);
  const updated = file.sections
    .filter((s) => {
      const before = current.get(s.doc_id);
      return (
        before !== undefined &&
        (normalizeRuleTitle(before.title) !== s.title || normalizeRuleText(before.content) !== s.content)
      );
    })
    .sort(byId);
  const deprecated = rules
    .map((r) => r.doc_id)
    .filter((id) => !inFile.has(id))
    .sort();
  return { added, updated, deprecated };
}

export const isEmptyDiff = (d: RulesDiff) =>
  d.added.length === 0 && d.updated.length === 0 && d.deprecated.length === 0;

/**
 * Renders the database's standing rules over the file; through a temporary file, so a reader never sees
 * half, and through the project's write guard, so a linked rules.md or .archon never sends it outside.
 */
export function writeRulesFile(projectRoot: string, db: Db): string {
  replaceProjectFile(
    { root: projectRoot },
    join(projectRoot, RULES_FILE),
    renderRulesFile(standingRules(db)),
  );
  return RULES_FILE;
}
