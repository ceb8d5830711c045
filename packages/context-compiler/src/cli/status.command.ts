// archon status: where the project stands and the one command to run next. It changes nothing but what
// every opening does (absorbing committed rule files), and never creates a database.
import { existsSync } from "node:fs";
import { staleAdapters } from "../adapters/adapter-meta.js";
import { bundleCounts } from "../knowledge/approval/proposal-views.js";
import { discoverRuleFiles } from "../knowledge/imports/discover-rule-files.js";
import { parseFormats } from "../knowledge/imports/import-rules.js";
import { type Channel, step } from "../knowledge/next-step.js";
import { uncommittedRuleFiles } from "../knowledge/rule-files/committed-tree.js";
import { describeRuleFileChange } from "../knowledge/rule-files/describe-changes.js";
import { RULE_FILES_DIR } from "../knowledge/rule-files/rule-file-text.js";
import { listAdapterMeta } from "../store/adapter-meta.js";
import { listProposals } from "../store/proposals.js";
import { rowCounts } from "../store/row-counts.js";
import { recentRuleFileChanges } from "../store/rule-files.js";
import { readVersion } from "../store/version.js";
import { VERSION } from "../version.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import type { Output } from "./sync-rules-file.command.js";

export interface ProjectStatus {
  database: { path: string; exists: boolean };
  knowledge_version: number;
  approved_documents: number;
  pending: { proposals: number; bundles: { bundle_id: string; count: number }[]; unbundled: number };
  observations: { new: number; analyzed: number };
  adapters: { deployed: number; stale: { path: string; archon_version: string }[]; check_error?: string };
  instruction_files: string[];
  rule_files: {
    /** Rule files changed in the working tree and not committed (approvals write them); null outside git. */
    uncommitted: string[] | null;
    /** The last absorptions of committed rule files, newest first. */
    recent_changes: string[];
  };
  next: { command: string; reason: string } | null;
}

type Facts = Omit<ProjectStatus, "next">;

/** The single most useful command, in the order a project gets set up and kept up. */
function nextStep(cli: Channel, s: Facts): ProjectStatus["next"] {
  const firstBundle = s.pending.bundles[0];
  if (s.approved_documents === 0 && s.pending.proposals === 0) {
    return s.instruction_files.length > 0
      ? {
          command: step(cli, "analyze_import_batch"),
          reason: `the knowledge base is empty and ${s.instruction_files.length} instruction file(s) can be imported`,
        }
      : {
          command: step(cli, "init_detect"),
          reason: "the knowledge base is empty and there are no rule files to import",
        };
  }
  if (firstBundle)
    return {
      command: step(cli, "approve_proposal_bundle", { bundle_id: firstBundle.bundle_id }),
      reason: `bundle ${firstBundle.bundle_id} holds ${firstBundle.count} pending proposal(s); review them first with ${step(cli, "list_proposals", { bundle_id: firstBundle.bundle_id })}`,
    };
  if (s.pending.proposals > 0)
    return {
      command: step(cli, "list_proposals"),
      reason: `${s.pending.proposals} proposal(s) wait for a decision: ${step(cli, "approve_proposal")} or ${step(cli, "reject_proposal")}, one by one`,
    };
  if (s.rule_files.uncommitted && s.rule_files.uncommitted.length > 0)
    return {
      command: `git add ${RULE_FILES_DIR} && git commit`,
      reason: `${s.rule_files.uncommitted.length} rule file(s) changed by approvals are not committed; a teammate gets them with the commit`,
    };
  if (s.adapters.stale.length > 0)
    return {
      command: step(cli, "deploy_adapters"),
      reason: `${s.adapters.stale.length} adapter file(s) are stale for archon ${VERSION}`,
    };
  if (s.observations.new > 0)
    return {
      command: step(cli, "maintenance"),
      reason: `${s.observations.new} observation(s) wait for triage; this previews what processing them would do`,
    };
  return null;
}

function facts(options: GlobalOptions): Facts {
  const instruction_files = discoverRuleFiles(
    options.projectRoot,
    new Set(parseFormats(undefined)),
  ).files.map((f) => f.file);
  const database = { path: options.db, exists: existsSync(options.db) };
  const empty = { deployed: 0, stale: [] };
  // Opening a missing database would create it: a status never does that.
  if (!database.exists) {
    return {
      database,
      knowledge_version: 0,
      approved_documents: 0,
      pending: { proposals: 0, bundles: [], unbundled: 0 },
      observations: { new: 0, analyzed: 0 },
      adapters: empty,
      instruction_files,
      rule_files: { uncommitted: uncommittedRuleFiles(options.projectRoot) ?? null, recent_changes: [] },
    };
  }
  const ctx = openContext(options);
  try {
    const db = ctx.kdb.db;
    const counts = rowCounts(db);
    const pending = listProposals(db, "pending", Number.MAX_SAFE_INTEGER);
    const bundles = bundleCounts(pending);
    const adapters = staleAdapters(db, ctx.projectRoot, VERSION);
    return {
      database,
      knowledge_version: readVersion(db),
      approved_documents: counts.documents_by_status.approved ?? 0,
      pending: {
        proposals: pending.length,
        bundles,
        unbundled: pending.filter((p) => p.bundle_id === null).length,
      },
      observations: {
        new: counts.observations_by_status.new ?? 0,
        analyzed: counts.observations_by_status.analyzed ?? 0,
      },
      adapters: {
        deployed: listAdapterMeta(db).length,
        stale: adapters.stale,
        ...(adapters.error !== undefined ? { check_error: adapters.error } : {}),
      },
      instruction_files,
      rule_files: {
        uncommitted: uncommittedRuleFiles(options.projectRoot) ?? null,
        recent_changes: recentRuleFileChanges(db, 5).flatMap(describeRuleFileChange),
      },
    };
  } finally {
    ctx.close();
  }
}

export function projectStatus(options: GlobalOptions): ProjectStatus {
  const s = facts(options);
  return { ...s, next: nextStep({ kind: "cli", prefix: toolPrefix() }, s) };
}

function describe(s: ProjectStatus): string {
  const bundles = s.pending.bundles.map((b) => `${b.bundle_id} (${b.count})`).join(", ");
  const lines = [
    `knowledge_version  ${s.knowledge_version}${s.database.exists ? "" : ` (no database yet at ${s.database.path})`}`,
    `documents          ${s.approved_documents} approved`,
    `pending            ${s.pending.proposals} proposal(s)${bundles ? `; bundles ${bundles}` : ""}${s.pending.unbundled > 0 ? `; ${s.pending.unbundled} outside a bundle` : ""}`,
    `observations       ${s.observations.new} new (not analyzed), ${s.observations.analyzed} analyzed`,
    `adapters           ${s.adapters.deployed === 0 ? "none deployed" : `${s.adapters.deployed} piece(s) deployed, ${s.adapters.stale.length} stale file(s)`}`,
    ...s.adapters.stale.map((a) => `  stale: ${a.path} (deployed by archon ${a.archon_version})`),
    ...(s.adapters.check_error ? [`  the staleness check could not run: ${s.adapters.check_error}`] : []),
    `rule files         ${s.rule_files.uncommitted === null ? "not in git: absorbed from the working folder when a process opens the project" : `${s.rule_files.uncommitted.length} not committed`}`,
    ...(s.rule_files.uncommitted ?? []).map((path) => `  not committed: ${path}`),
    ...s.rule_files.recent_changes.map((line) => `  absorbed: ${line}`),
    "",
    s.next ? `Next: ${s.next.command}  (${s.next.reason})` : "Nothing is waiting.",
  ];
  return `${lines.join("\n")}\n`;
}

export function statusCommand(
  options: GlobalOptions,
  opts: { json?: boolean },
  out: Output = process.stdout,
) {
  const s = projectStatus(options);
  out.write(opts.json ? `${JSON.stringify(s, null, 2)}\n` : describe(s));
}
