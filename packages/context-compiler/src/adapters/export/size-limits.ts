// How much of a file each agent reads, and how a rule body moves out of a file that would pass that limit.
import { ownedFile } from "../../vocabulary/export-marker.js";
import type { ExportTarget, ExportWarning, Intent } from "./export-targets.js";
import type { ExportRule } from "./knowledge-rules.js";

/**
 * Codex concatenates AGENTS.md files from the project root down to the working folder and stops
 * reading once the total reaches `project_doc_max_bytes`, 32 KiB unless the user's config raises it;
 * what lies past it never reaches the model.
 */
export const CODEX_PROJECT_DOC_MAX_BYTES = 32 * 1024;
/** Windsurf truncates a workspace rule file (`.windsurf/rules/*.md`) past 12,000 characters. */
export const WINDSURF_RULE_MAX_CHARS = 12_000;

export const byteLength = (text: string) => Buffer.byteLength(text, "utf8");
/** Characters as a person counts them (code points), not UTF-16 units. */
export const charLength = (text: string) => [...text].length;

/** One folder per target, so a target's stale files are told apart from another target's. */
export const deferredDir = (target: ExportTarget) => `.archon/rules/${target}`;
export const deferredPath = (target: ExportTarget, docId: string) => `${deferredDir(target)}/${docId}.md`;

/** The file a moved-out body lives in: marked as ours like every exported file. */
export function deferredFile(target: ExportTarget, rule: ExportRule): Intent {
  return {
    kind: "owned",
    path: deferredPath(target, rule.doc_id),
    content: ownedFile([`description: ${JSON.stringify(rule.description ?? rule.title)}`], rule.content),
  };
}

/** What stands in for a moved-out body: a pointer an agent with a file-reading tool follows. */
export const pointerText = (target: ExportTarget, rule: ExportRule, why: string) =>
  `The text of this rule is in \`${deferredPath(target, rule.doc_id)}\` (${why}); read it before changing the files it applies to.`;

export const movedWarning = (
  target: ExportTarget,
  path: string,
  rule: ExportRule,
  limit: string,
): ExportWarning => ({
  target,
  path,
  doc_id: rule.doc_id,
  message: `moved the text of ${rule.doc_id} to ${deferredPath(target, rule.doc_id)}: ${path} would pass ${limit}`,
});
