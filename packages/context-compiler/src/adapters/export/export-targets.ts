// The agents export-rules writes for, and what rendering the knowledge for one of them produces.
import { UserError } from "@archon/core";

export const EXPORT_TARGETS = [
  "cursor",
  "claude",
  "copilot",
  "windsurf",
  "cline",
  "continue",
  "kiro",
  "gemini",
  "agents",
] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/** A file a target wants: whole and marked as ours, or as the export block inside a shared file. */
export type Intent =
  | { kind: "owned"; path: string; content: string }
  | { kind: "shared"; path: string; block: string };

/** A split or a deferral the user should know about: never a limit passed silently. */
export interface ExportWarning {
  target: ExportTarget;
  path: string;
  doc_id?: string;
  message: string;
}

export interface TargetSkip {
  doc_id: string;
  target: ExportTarget;
  reason: string;
}

export interface Rendered {
  target: ExportTarget;
  intents: Intent[];
  /** Folders where a marked file no intent names is a stale one this command wrote earlier. */
  ownedDirs: string[];
  /** Shared files that may still hold an export block no intent wants any more. */
  sharedCandidates: string[];
  skipped: TargetSkip[];
  warnings: ExportWarning[];
}

/** `cursor,claude` → targets in the fixed order, refusing unknown names. */
export function parseExportTargets(list: string): ExportTarget[] {
  const names = list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(EXPORT_TARGETS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new UserError(
      `--targets takes ${EXPORT_TARGETS.join(", ")}; "${unknown.join(", ") || list}" is not one of them.`,
      "Separate several with commas: --targets cursor,claude,copilot",
      "targets",
    );
  return EXPORT_TARGETS.filter((t) => names.includes(t));
}
