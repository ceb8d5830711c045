// Standing rules in the database versus .archon/rules.md on disk: read, compare and re-render.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "@archon/core";
import { approvedDocumentTexts } from "../../store/documents.js";
import { resolveProjectFile } from "../project-path.js";
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
  if (!existsSync(join(projectRoot, RULES_FILE))) return { state: "missing", sections: [] };
  const file = resolveProjectFile(projectRoot, RULES_FILE, "rules_file");
  const sections = parseRulesFile(readFileSync(file.absolute, "utf8"));
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

/** Renders the database's standing rules over the file; through a temporary file, so a reader never sees half. */
export function writeRulesFile(projectRoot: string, db: Db): string {
  const path = join(projectRoot, RULES_FILE);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, renderRulesFile(standingRules(db)));
  renameSync(temporary, path);
  return RULES_FILE;
}
