// import-rules: the editor instruction files a team already has, as one plan and then one pending bundle.
import { type Db, type IdGenerator, UserError } from "@archon/core";
import { WALK_LIMIT } from "../project-files.js";
import type { WriteContext } from "../write-context.js";
import { discoverRuleFiles } from "./discover-rule-files.js";
import { type ExecuteResult, executeImportPlan } from "./execute-import-plan.js";
import { finishItems } from "./finish-items.js";
import { RULE_FORMATS, type RuleFormat } from "./formats/rule-file.js";
import type { ImportItem } from "./import-item.js";
import { readRuleFiles } from "./read-rule-files.js";

export interface RuleFileReport {
  file: string;
  format: RuleFormat;
  doc_ids: string[];
  notes: string[];
}

export interface RuleImportPlan {
  method: "git" | "walk";
  /** The walk found more instruction files than its bound and read only the first: nothing may land. */
  truncated: boolean;
  files: RuleFileReport[];
  /** Items to propose: units not already imported. */
  items: ImportItem[];
  /** Units whose source_path a document or pending proposal already holds. */
  already_imported: ImportItem[];
}

/** `cursor,claude` → the formats, refusing unknown names; absent means all of them. */
export function parseFormats(from: string | undefined): RuleFormat[] {
  if (from === undefined) return [...RULE_FORMATS];
  const names = from
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const unknown = names.filter((n) => !(RULE_FORMATS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new UserError(
      `--from takes ${RULE_FORMATS.join(", ")}; "${unknown.join(", ") || from}" is not one of them.`,
      "Separate several formats with commas: --from cursor,claude",
      "from",
    );
  }
  return RULE_FORMATS.filter((f) => names.includes(f));
}

/**
 * Reads every discovered file (through the project sandbox) and the files they import, and suggests
 * items; archon's own files and blocks are never among them. Read-only.
 */
export function planRuleImport(
  ctx: { db: Db; projectRoot: string },
  formats: readonly RuleFormat[],
  walkLimit = WALK_LIMIT,
): RuleImportPlan {
  const found = discoverRuleFiles(ctx.projectRoot, new Set(formats), walkLimit);
  const reads = readRuleFiles(ctx.projectRoot, found.files);
  const items = finishItems(
    ctx.db,
    reads.flatMap((r) => r.drafts),
    true,
  );
  let next = 0;
  const files = [
    ...reads.map((r) => ({
      file: r.file,
      format: r.format,
      doc_ids: r.drafts.map(() => (items[next++] as ImportItem).doc_id),
      notes: r.notes,
    })),
    // Named, so nothing in an agent's rule folder is passed over without a word.
    ...found.skipped.map((s) => ({ file: s.file, format: s.format, doc_ids: [], notes: [s.reason] })),
  ];
  const held = (item: ImportItem) => item.flags.some((f) => f.flag === "already_imported");
  return {
    method: found.method,
    truncated: found.truncated,
    files,
    items: items.filter((i) => !held(i)),
    already_imported: items.filter(held),
  };
}

/** Lands the plan's items as one bundle of pending proposals; undefined when there is nothing new. */
export function landRuleImport(
  ctx: WriteContext & { ids: IdGenerator },
  plan: RuleImportPlan,
): ExecuteResult | undefined {
  if (plan.truncated)
    throw new UserError(
      "The directory walk stopped before it reached every instruction file; nothing was proposed.",
      "Run it inside a git repository (git ls-files has no limit).",
    );
  if (plan.items.length === 0) return undefined;
  return executeImportPlan(ctx, plan.items);
}
