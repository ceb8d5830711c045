// The agents export-rules writes for, which of them a project uses, and what rendering for one produces.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { type AgentClient, agentsInUse } from "../agents-in-use.js";

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

/** The export target that carries each agent setup connects: Codex reads AGENTS.md. */
const AGENT_TARGET: Record<AgentClient, ExportTarget> = {
  claude: "claude",
  cursor: "cursor",
  codex: "agents",
  gemini: "gemini",
};

/** Editors export-rules serves that setup does not connect, and the files that show a project uses them. */
const EXPORT_ONLY_SIGNS: Partial<Record<ExportTarget, readonly string[]>> = {
  copilot: [".github/copilot-instructions.md", ".github/instructions"],
  windsurf: [".windsurf", ".windsurfrules"],
  cline: [".clinerules"],
  continue: [".continue"],
  kiro: [".kiro"],
};

/**
 * The targets of the agents the project uses: setup's own detection (adapters/agents-in-use.ts) for the
 * agents it connects, so the two never disagree, plus the editors only export serves. Never every target:
 * each one adds files an agent loads, and an export for an unused agent would make setup detect it next.
 */
export function exportTargetsInUse(projectRoot: string): ExportTarget[] {
  const used = new Set<ExportTarget>(agentsInUse(projectRoot).map((a) => AGENT_TARGET[a]));
  for (const [target, signs] of Object.entries(EXPORT_ONLY_SIGNS))
    if (signs.some((sign) => existsSync(join(projectRoot, sign)))) used.add(target as ExportTarget);
  return EXPORT_TARGETS.filter((t) => used.has(t));
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
