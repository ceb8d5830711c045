// A migration plan for people (summary lines) and for programs (the same facts as JSON, file texts left out).

import { reachText } from "../knowledge/imports/import-item.js";
import { importFlagLegend } from "../vocabulary/import-flag-words.js";
import type { MigrationResult } from "./apply-migration.js";
import type { MigrationPlan, SourceAction } from "./migration-plan.js";
import type { NativeContext } from "./native-context.js";

export interface MigrationSummary {
  documents: MigrationPlan["documents"];
  relocated: MigrationPlan["relocated"];
  sources: ({ path: string; action: SourceAction["action"] } & { reason?: string })[];
  blockers: MigrationPlan["blockers"];
  warnings: string[];
  always_loaded: { agent: string; before: number; after: number }[];
}

/** Whether applying the plan would change anything at all. */
export const hasWork = (plan: MigrationPlan) =>
  plan.documents.length > 0 ||
  plan.relocated.length > 0 ||
  plan.sources.some((s) => s.action === "rewrite" || s.action === "remove");

const bytesOf = (contexts: readonly NativeContext[], agent: string) =>
  contexts.find((c) => c.agent === agent)?.bytes ?? 0;

export function migrationSummary(plan: MigrationPlan): MigrationSummary {
  return {
    documents: plan.documents,
    relocated: plan.relocated,
    sources: plan.sources.map((s) => ({
      path: s.path,
      action: s.action,
      ...("reason" in s ? { reason: s.reason } : {}),
    })),
    blockers: plan.blockers,
    warnings: plan.warnings,
    always_loaded: plan.always_loaded.before.map((c) => ({
      agent: c.agent,
      before: c.bytes,
      after: bytesOf(plan.always_loaded.after, c.agent),
    })),
  };
}

const SOURCE_WORDS: Record<SourceAction["action"], string> = {
  rewrite: "rewritten to archon's block only",
  remove: "removed (its rules now live in .archon/rules/)",
  unchanged: "already migrated",
  keep: "left as it is",
};

/**
 * A line for each agent the migration leaves with no instruction file of its own, saying what brings its
 * rules back. Setup connects Claude Code, Cursor and Codex to archon; Copilot it does not, so Copilot's
 * rules come back only as the instruction files export-rules writes from the approved knowledge.
 */
export function strandedAgents(summary: Pick<MigrationSummary, "always_loaded">): string[] {
  return summary.always_loaded
    .filter((a) => a.before > 0 && a.after === 0)
    .map((a) =>
      a.agent === "copilot"
        ? "copilot keeps nothing of its own: `archon export-rules --targets copilot` writes the approved rules back as its instruction files (archon setup does not connect Copilot)."
        : `${a.agent} keeps nothing of its own: run \`archon setup\` so it reaches archon.`,
    );
}

/** The summary shown before the person confirms (and by --dry-run). */
export function describeMigration(plan: MigrationPlan): string[] {
  const summary = migrationSummary(plan);
  const lines = [`${plan.documents.length} rule(s) become documents, each in .archon/rules/<doc_id>.md:`];
  for (const d of plan.documents) {
    lines.push(
      `  ${d.doc_id}  ${d.bytes} B  from ${d.from}  → ${reachText(d.scope, d.description, "no scope: unreachable until scoped")}`,
    );
    // The same flags import-rules shows; a secret or a missing scope is worth a second look before yes.
    const flags = [...new Set(d.flags.map((f) => f.flag))];
    if (flags.length > 0) lines.push(`      ! ${flags.join(", ")}`);
  }
  const legend = importFlagLegend(plan.documents.flatMap((d) => d.flags));
  if (legend.length > 0) lines.push("  What the marks mean:", ...legend.map((line) => `    ${line}`));
  for (const r of plan.relocated)
    lines.push(`  ${r.doc_id}  already approved; its source moves from ${r.from} to ${r.rule_file}`);
  lines.push("Instruction files:");
  for (const s of summary.sources)
    lines.push(`  ${s.path}  ${SOURCE_WORDS[s.action]}${s.reason ? ` (${s.reason})` : ""}`);
  lines.push("Bytes every prompt carries, before → after (archon's own block counted in both):");
  for (const a of summary.always_loaded) lines.push(`  ${a.agent.padEnd(8)} ${a.before} → ${a.after}`);
  for (const line of strandedAgents(summary)) lines.push(`  ${line}`);
  for (const w of plan.warnings) lines.push(`! ${w}`);
  for (const b of plan.blockers)
    lines.push(
      `! ${b.path} ${b.reason}${b.forceable ? (plan.force ? " (--force: going ahead)" : "; --force goes ahead anyway") : ""}`,
    );
  return lines;
}

/** What was done, including where the originals are. */
export function describeResult(result: MigrationResult): string[] {
  const lines = [
    result.bundle_id
      ? `Approved bundle ${result.bundle_id}: ${result.documents_added.length} document(s) added, ${result.documents_relocated.length} moved to their own file; knowledge_version ${result.knowledge_version}.`
      : "No change to knowledge.",
    `Wrote ${result.rule_files_written.length} rule file(s); rewrote ${result.sources_rewritten.length} and removed ${result.sources_removed.length} instruction file(s).`,
  ];
  if (result.backup_folder)
    lines.push(`The original files are kept byte for byte in ${result.backup_folder}/.`);
  return lines;
}
