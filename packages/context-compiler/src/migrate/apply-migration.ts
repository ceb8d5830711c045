// Carries a migration plan out: back the sources up, write the rule files, approve the bundle, then shrink the sources.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type IdGenerator, UserError } from "@archon/core";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { landRuleImport } from "../knowledge/imports/import-rules.js";
import { readProjectBytes } from "../knowledge/project-path.js";
import { assertWritable, removeProjectFile, writeProjectFile } from "../knowledge/project-write.js";
import { holdsRuleText, RULE_FILES_DIR } from "../knowledge/rule-files/rule-file-text.js";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { createProposal } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import type { MigrationPlan } from "./migration-plan.js";

export const BACKUP_DIR = ".archon/migrate";

export interface MigrationResult {
  /** `.archon/migrate/<run>`: every source rewritten or removed, byte for byte; null when none changed. */
  backup_folder: string | null;
  bundle_id: string | null;
  knowledge_version: number;
  documents_added: string[];
  documents_relocated: string[];
  rule_files_written: string[];
  sources_rewritten: string[];
  sources_removed: string[];
}

/** Throws, naming each file and why, when the plan may not go ahead (uncommitted sources unless forced). */
export function assertUnblocked(plan: MigrationPlan): void {
  const blocking = plan.blockers.filter((b) => !(b.forceable && plan.force));
  if (blocking.length === 0) return;
  const forceable = blocking.every((b) => b.forceable);
  const inRules = blocking.some((b) => !b.forceable && b.path.startsWith(`${RULE_FILES_DIR}/`));
  throw new UserError(
    `archon migrate changed nothing:\n${blocking.map((b) => `  ${b.path} ${b.reason}`).join("\n")}`,
    forceable
      ? "Commit or stash those files first, or run again with --force (their exact bytes are still backed up under .archon/migrate/)."
      : inRules
        ? "Move those files out of .archon/rules/ (or delete them if they are stale), then run again."
        : "archon rewrites only regular files inside the project: replace each with the file it stands for, or run again with --keep-sources.",
  );
}

/** Folder name for this run: the time first, so runs list in order, then an id so two runs never share one. */
const runName = (ctx: { clock: WriteContext["clock"]; ids: IdGenerator }) =>
  `${ctx.clock
    .now()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}-${ctx.ids.next("migrate")}`;

/** Lands the documents and relocations as one bundle and approves it: the person running this is the approver. */
function approveKnowledge(ctx: WriteContext & { ids: IdGenerator }, plan: MigrationPlan) {
  return ctx.db
    .transaction(() => {
      const landed = landRuleImport(ctx, plan.import);
      if (!landed && plan.relocated.length === 0) return undefined;
      const bundle_id = landed?.bundle_id ?? ctx.ids.next("bundle");
      for (const r of plan.relocated) {
        createProposal(
          ctx.db,
          {
            proposal_type: "update_doc",
            payload: { doc_id: r.doc_id, source_path: r.rule_file, base_content_hash: r.base_content_hash },
            source: "import",
            rationale: `archon migrate moved its text from ${r.from} to ${r.rule_file}.`,
            bundle_id,
          },
          ctx.clock,
          ctx.ids,
        );
      }
      return approveProposalBundle(ctx, { bundle_id });
    })
    .immediate();
}

/**
 * Refuses on blockers (uncommitted sources unless forced) before touching anything. The knowledge lands
 * before any source changes, so a failure there leaves every source as it was.
 */
export function applyMigration(
  ctx: WriteContext & { ids: IdGenerator },
  plan: MigrationPlan,
): MigrationResult {
  assertAdminSurface(ctx.surface, "archon migrate");
  assertUnblocked(plan);
  const root = ctx.projectRoot;
  const roots = { root };
  const changing = plan.sources.filter((s) => s.action === "rewrite" || s.action === "remove");
  const backup_folder = changing.length > 0 ? `${BACKUP_DIR}/${runName(ctx)}` : null;
  // Every place this run writes or deletes is checked first: a link out refuses the run with nothing changed.
  for (const source of changing) {
    assertWritable(roots, join(root, backup_folder as string, source.path));
    assertWritable(roots, source.path, source.action === "remove" ? "delete" : "write");
  }
  for (const rule of plan.rule_files) assertWritable(roots, rule.path);
  for (const source of changing)
    writeProjectFile(
      roots,
      join(root, backup_folder as string, source.path),
      readProjectBytes(root, source.path),
    );
  const written: string[] = [];
  for (const rule of plan.rule_files) {
    const absolute = join(root, rule.path);
    if (existsSync(absolute) && holdsRuleText(readFileSync(absolute, "utf8"), rule.content)) continue;
    writeProjectFile(roots, absolute, rule.content);
    written.push(rule.path);
  }
  let approved: ReturnType<typeof approveKnowledge>;
  try {
    approved = approveKnowledge(ctx, plan);
  } catch (error) {
    // Nothing landed: the rule files written a moment ago would only be orphans.
    for (const path of written) removeProjectFile(roots, path, { force: true });
    throw error;
  }
  for (const source of changing) {
    if (source.action === "rewrite") writeProjectFile(roots, source.path, source.text);
    else removeProjectFile(roots, source.path);
  }
  return {
    backup_folder,
    bundle_id: approved?.bundle_id ?? null,
    knowledge_version: approved?.knowledge_version ?? readVersion(ctx.db),
    documents_added: approved?.changes.documents_added ?? [],
    documents_relocated: plan.relocated.map((r) => r.doc_id),
    rule_files_written: written,
    sources_rewritten: changing.filter((s) => s.action === "rewrite").map((s) => s.path),
    sources_removed: changing.filter((s) => s.action === "remove").map((s) => s.path),
  };
}
