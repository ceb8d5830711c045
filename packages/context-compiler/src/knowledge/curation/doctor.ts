// doctor: the full read-only health scan of the knowledge base against the project on disk.

import type { Db } from "@archon/core";
import { anchoredDocuments, approvedDocumentTexts } from "../../store/documents.js";
import { readVersion } from "../../store/version.js";
import { recentCommitFiles } from "../git.js";
import { type Channel, step } from "../next-step.js";
import { listProjectFiles } from "../project-files.js";
import { CO_CHANGE_COMMIT_LIMIT, CO_CHANGE_MIN_COMMITS, coChangeFindings } from "./co-change.js";
import { countBySeverity, type Finding, type Severity, sortFindings } from "./finding.js";
import { graphFindings } from "./graph-checks.js";
import { NEAR_DUPLICATE_THRESHOLD, nearDuplicates } from "./near-duplicates.js";
import { checkSource } from "./source-check.js";

export interface DoctorOptions {
  similarity_threshold?: number;
  co_change_min_commits?: number;
}

export interface DoctorReport {
  knowledge_version: number;
  /** false when there is at least one error: what CI fails on. */
  ok: boolean;
  summary: Record<Severity, number>;
  findings: Finding[];
  project_files: { source: "git" | "walk"; count: number; truncated: boolean };
  /** Checks that could not run, and why. */
  skipped: string[];
}

export function runDoctor(
  ctx: { db: Db; projectRoot: string; channel: Channel },
  options: DoctorOptions = {},
): DoctorReport {
  const skipped: string[] = [];
  const project = listProjectFiles(ctx.projectRoot);
  if (project.truncated)
    skipped.push(
      `Unmatched globs: the file walk stopped at ${project.files.length} files (not a git repository), so a glob matching nothing cannot be told apart.`,
    );
  const findings: Finding[] = [
    ...graphFindings(ctx.db, project.truncated ? undefined : project.files),
    ...sourceFindings(ctx),
    ...duplicateFindings(ctx.db, options.similarity_threshold ?? NEAR_DUPLICATE_THRESHOLD),
  ];
  const commits =
    project.source === "git" ? recentCommitFiles(ctx.projectRoot, CO_CHANGE_COMMIT_LIMIT) : undefined;
  if (commits === undefined)
    skipped.push("Co-change suggestions: the project is not a git repository (or git is unavailable).");
  else
    findings.push(
      ...coChangeFindings(
        ctx.db,
        commits,
        new Set(project.files),
        options.co_change_min_commits ?? CO_CHANGE_MIN_COMMITS,
      ),
    );

  const summary = countBySeverity(findings);
  return {
    knowledge_version: readVersion(ctx.db),
    ok: summary.error === 0,
    summary,
    findings: sortFindings(findings),
    project_files: { source: project.source, count: project.files.length, truncated: project.truncated },
    skipped,
  };
}

function sourceFindings(ctx: { db: Db; projectRoot: string; channel: Channel }): Finding[] {
  const out: Finding[] = [];
  for (const doc of anchoredDocuments(ctx.db)) {
    const check = checkSource(ctx.projectRoot, doc);
    if (check.status === "missing_file" || check.status === "missing_anchor") {
      out.push({
        severity: "error",
        check: "missing_source",
        message: `${doc.doc_id}: source ${doc.source_path} cannot be read: ${check.reason} Fix source_path by re-importing the document, or deprecate it.`,
        doc_ids: [doc.doc_id],
        edge_ids: [],
      });
    } else if (check.status === "drifted") {
      out.push({
        severity: "warning",
        check: "stale_source",
        message: `${doc.doc_id} differs from its source ${doc.source_path}; run ${step(ctx.channel, "sync_docs")} to open an update_doc proposal.`,
        doc_ids: [doc.doc_id],
        edge_ids: [],
      });
    }
  }
  return out;
}

function duplicateFindings(db: Db, threshold: number): Finding[] {
  return nearDuplicates(approvedDocumentTexts(db), threshold).map((pair) => ({
    severity: "warning",
    check: "near_duplicate",
    message: `${pair.doc_ids[0]} and ${pair.doc_ids[1]} share ${Math.round(pair.similarity * 100)}% of their wording; merge them or make the difference explicit.`,
    doc_ids: pair.doc_ids,
    edge_ids: [],
    similarity: pair.similarity,
  }));
}
