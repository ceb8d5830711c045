// archon import-rules: the instruction files of Claude, Codex, Cursor, Copilot, Windsurf, Cline, Continue, Kiro and Gemini → one bundle of pending proposals.
import { UserError } from "@archon/core";
import { writeContext } from "../context/archon-context.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { edgeHintLabel } from "../knowledge/edge-hints.js";
import type { ExecuteResult } from "../knowledge/imports/execute-import-plan.js";
import { type ImportItem, reachText } from "../knowledge/imports/import-item.js";
import {
  landRuleImport,
  parseFormats,
  planRuleImport,
  type RuleImportPlan,
} from "../knowledge/imports/import-rules.js";
import { WALK_LIMIT } from "../knowledge/project-files.js";
import { importFlagLegend } from "../vocabulary/import-flag-words.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface ImportRulesOptions {
  from?: string;
  dryRun?: boolean;
  json?: boolean;
  approve?: boolean;
}

const scopeOf = (item: ImportItem) =>
  reachText(item.edge_hints.map(edgeHintLabel), item.description, "no scope");

function flagText(item: ImportItem): string[] {
  return item.flags.map((f): string => {
    switch (f.flag) {
      case "overlap":
        return `overlaps approved ${f.doc_id} (${f.score})`;
      case "item_overlap":
        return `overlaps ${f.doc_id} in this import (${f.score})`;
      case "overlap_capped":
        return "like more rules than the overlap check compares: stronger overlaps may be missing above";
      case "already_imported":
        return `already imported as ${f.doc_id} (${f.status}); skipped`;
      case "oversize":
        return `${f.bytes} bytes, over ${f.limit}: consider splitting`;
      case "no_edge_hints":
        return "no edge: unreachable until scoped";
      case "needs_scope":
        return `needs scope: ${f.reason}`;
      default:
        return f.warning;
    }
  });
}

/** Why nothing lands when the walk stopped early: a rule it never reached would be dropped without a word. */
const truncatedWarning = (walkLimit: number) =>
  `! The directory walk stopped after ${walkLimit} instruction files; there are more, and they were not read. Nothing was proposed. Run it inside a git repository (git ls-files has no limit), or move the extra rule files out of the project.`;

function report(plan: RuleImportPlan, walkLimit: number): string[] {
  const all = new Map([...plan.items, ...plan.already_imported].map((i) => [i.doc_id, i]));
  const how =
    plan.method === "git"
      ? "git ls-files"
      : plan.truncated
        ? "a directory walk, stopped early"
        : "a directory walk";
  const lines = [
    `Found ${plan.files.length} instruction file${plan.files.length === 1 ? "" : "s"} (${how}).`,
  ];
  for (const file of plan.files) {
    lines.push(
      `${file.file}  [${file.format}]  ${file.doc_ids.length} unit${file.doc_ids.length === 1 ? "" : "s"}`,
    );
    for (const note of file.notes) lines.push(`    note: ${note}`);
    for (const id of file.doc_ids) {
      const item = all.get(id) as ImportItem;
      lines.push(`  ${item.doc_id}  ${item.kind}  → ${scopeOf(item)}`);
      if (item.suggested_tags.length > 0)
        lines.push(`      suggested tags (not applied): ${item.suggested_tags.join(", ")}`);
      for (const flag of flagText(item)) lines.push(`      ! ${flag}`);
    }
  }
  const legend = importFlagLegend([...all.values()].flatMap((item) => item.flags));
  if (legend.length > 0) lines.push("What the marks mean:", ...legend.map((words) => `  ${words}`));
  if (plan.truncated) lines.push(truncatedWarning(walkLimit));
  return lines;
}

/**
 * Prints the plan (and what landed) and returns the exit code: 1 when the walk stopped early, which
 * lands nothing. `walkLimit` is the walk's bound, smaller only in tests.
 */
export function importRulesCommand(
  options: GlobalOptions,
  opts: ImportRulesOptions,
  out: (text: string) => void = (text) => process.stdout.write(text),
  walkLimit = WALK_LIMIT,
): number {
  if (opts.approve && opts.dryRun)
    throw new UserError("--approve and --dry-run cannot be used together.", "Drop one of them.");
  const formats = parseFormats(opts.from);
  const ctx = openContext(options, { creates: opts.dryRun !== true });
  try {
    const plan = planRuleImport({ db: ctx.kdb.db, projectRoot: ctx.projectRoot }, formats, walkLimit);
    const landed: ExecuteResult | undefined =
      opts.dryRun || plan.truncated
        ? undefined
        : landRuleImport({ ...writeContext(ctx), ids: ctx.ids }, plan);
    if (opts.json) {
      const approved = landed && opts.approve ? approveProposalBundle(writeContext(ctx), landed) : undefined;
      const result = {
        ...plan,
        dry_run: opts.dryRun === true,
        bundle: landed ?? null,
        ...(opts.approve ? { approved: approved ?? null } : {}),
      };
      out(`${JSON.stringify(result, null, 2)}\n`);
      return plan.truncated ? 1 : 0;
    }
    const lines = report(plan, walkLimit);
    // When the walk stopped early, the warning in the report already says that nothing was proposed.
    if (opts.dryRun && !plan.truncated)
      lines.push(`Dry run: ${plan.items.length} document(s) would be proposed; nothing was written.`);
    else if (!landed && !plan.truncated) lines.push("Nothing new to propose.");
    else if (landed) {
      lines.push(
        `Proposed ${landed.proposals.length} document(s) as bundle ${landed.bundle_id}; they are pending.`,
        landed.next_step,
      );
    }
    // Printed before approving, so a refused approval still shows which bundle waits.
    out(`${lines.join("\n")}\n`);
    if (landed && opts.approve) {
      const approved = approveProposalBundle(writeContext(ctx), landed);
      out(
        `Approved bundle ${approved.bundle_id}: knowledge_version ${approved.knowledge_version}, snapshot ${approved.snapshot_id}.\n`,
      );
    }
    return plan.truncated ? 1 : 0;
  } finally {
    ctx.close();
  }
}
