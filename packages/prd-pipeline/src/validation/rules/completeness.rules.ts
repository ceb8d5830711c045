// The rules of the sections that make a PRD complete: assumptions carry ids and a way to learn they are
// wrong, open questions an owner, decisions a rationale and a source, a rollout its stages and its migration.
import { EMPTY_MITIGATIONS } from "../keywords.js";
import { findIds, optOutReason, type SectionDoc, type Table } from "../markdown.js";
import type { Finding, Rule } from "../types.js";

/** The first table with a column whose header starts with one of `headers`, and that column. */
function tableWith(doc: SectionDoc, headers: readonly string[]): { table: Table; col: number } | null {
  for (const table of doc.tables) {
    const col = table.header.findIndex((h) => headers.some((name) => h.startsWith(name)));
    if (col !== -1) return { table, col };
  }
  return null;
}

/** Rows whose cell in `col` is empty or a non-answer (tbd, n/a, -), unless it opts out with a reason. */
function emptyCells(found: { table: Table; col: number }, what: string): Finding[] {
  return found.table.rows.flatMap((row): Finding[] => {
    const value = (row[found.col] ?? "").replace(/[*_`]/g, "").trim();
    if (!EMPTY_MITIGATIONS.has(value.toLowerCase()) || optOutReason(value) !== null) return [];
    return [{ message: `"${row[0] ?? ""}" has no ${what}.`, offending_content: row.join(" | ") }];
  });
}

function columnRule(
  id: string,
  critical: boolean,
  topic: string,
  headers: readonly string[],
  what: string,
): Rule {
  return {
    id,
    critical,
    topic,
    check: (doc) => {
      const found = tableWith(doc, headers);
      if (!found) return [{ message: `No table with a ${headers[0]} column: every row needs its ${what}.` }];
      return emptyCells(found, what);
    },
  };
}

export const assumptionIds: Rule = {
  id: "assumption_ids",
  critical: true,
  topic: "assumptions ASM ids",
  check: (doc) =>
    findIds(doc.text, "ASM").length > 0
      ? []
      : [{ message: "No assumption carries an id (ASM-01, ASM-02, ...) that requirements can cite." }],
};

export const assumptionCheck = columnRule(
  "assumption_check",
  false,
  "assumption validation signal",
  ["how we will know", "how we'll know", "signal", "validat", "check"],
  "way to learn it is wrong",
);

export const openQuestionOwners = columnRule(
  "open_question_owners",
  true,
  "open questions owner",
  ["owner", "responsable", "propriétaire"],
  "owner",
);

export const decisionRationale = columnRule(
  "decision_rationale",
  true,
  "decision rationale",
  ["rationale", "why", "justification", "raison"],
  "rationale",
);

export const decisionSource = columnRule(
  "decision_source",
  false,
  "decision source traceability",
  ["source"],
  "source",
);

const STAGE_WORDS = ["feature flag", "canary", "cohort", "percent", "%", "stage", "phase", "beta", "pilot"];
const MIGRATION_WORDS = ["migration", "backfill", "no data migration", "schema change", "migrer", "reprise"];

/** Whether the body (headings left out: "Rollout and Migration Plan" names a migration by itself) says one of `words`. */
function bodySays(doc: SectionDoc, words: readonly string[]): boolean {
  const body = doc.lines
    .filter((l) => !l.trimStart().startsWith("#"))
    .join("\n")
    .toLowerCase();
  return words.some((w) => body.includes(w));
}

export const rolloutStages: Rule = {
  id: "rollout_stages",
  critical: true,
  topic: "staged rollout feature flag",
  check: (doc) =>
    bodySays(doc, STAGE_WORDS)
      ? []
      : [{ message: "The rollout names no stages (flag, cohorts, percentages)." }],
};

export const dataMigration: Rule = {
  id: "data_migration",
  critical: false,
  topic: "data migration backfill",
  check: (doc) =>
    bodySays(doc, MIGRATION_WORDS)
      ? []
      : [{ message: "The plan says nothing of the data migration or backfill (or that none is needed)." }],
};
