// The rules a project already has of its own, so that setup applies a template by default only to a
// project with none: on one that has rules, a template's generic ones arrive beside them and can
// contradict them ("log with log/slog" in a project with its own logger).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@archon/core";
import type { InitDetectResult } from "../init/init-detect.js";
import { RULE_FORMATS } from "../knowledge/imports/formats/rule-file.js";
import { planRuleImport } from "../knowledge/imports/import-rules.js";
import { countApprovedDocuments } from "../store/documents.js";

export interface OwnRules {
  /** Rules in all: in instruction files, in .archon/rules/, and approved in the knowledge base. */
  count: number;
  /** Where they are, for the person to recognise: instruction files, then the folder and the database. */
  places: string[];
}

/** Rule files a migration wrote: they travel with git, so a fresh clone has them before any database. */
function archonRuleFiles(projectRoot: string): number {
  try {
    return readdirSync(join(projectRoot, ".archon", "rules")).filter((f) => f.endsWith(".md")).length;
  } catch {
    return 0;
  }
}

/** Read-only: the instruction files import-rules would read (archon's own blocks left out), and the rest. */
export function ownRules(ctx: { db: Db; projectRoot: string }): OwnRules {
  const files = planRuleImport(ctx, RULE_FORMATS).files.filter((f) => f.doc_ids.length > 0);
  const inFiles = files.reduce((n, f) => n + f.doc_ids.length, 0);
  const archonFiles = archonRuleFiles(ctx.projectRoot);
  const approved = countApprovedDocuments(ctx.db);
  return {
    count: inFiles + archonFiles + approved,
    places: [
      ...files.map((f) => f.file),
      ...(archonFiles > 0 ? [".archon/rules/"] : []),
      ...(approved > 0 ? ["the knowledge base"] : []),
    ],
  };
}

/** "CLAUDE.md, AGENTS.md and 3 more": enough to recognise the files without a wall of paths. */
function placesText(places: readonly string[]): string {
  if (places.length <= 3) return places.join(", ");
  return `${places.slice(0, 3).join(", ")} and ${places.length - 3} more`;
}

/** Why `auto` applied no template, and how to apply the one that fits anyway. */
export function ownRulesNote(own: OwnRules, fits: InitDetectResult): string {
  const count = fits.preview?.documents.length ?? 0;
  return `This project has rules of its own (${placesText(own.places)}), so no template was applied: a template's generic rules would arrive beside yours. To add the ${fits.template} template's ${count} rules anyway (they come after yours in every compile), run archon setup --template ${fits.template}.`;
}
