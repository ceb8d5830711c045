// Finds the instruction files agents already read, in the project's file list (git's view, else a walk).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { listProjectFiles, SKIPPED_FOLDERS, WALK_LIMIT } from "../project-files.js";
import { isClaudeRule, readClaudeRule } from "./formats/claude-rules.js";
import { isClineRule, readClineRule } from "./formats/cline-rules.js";
import { isContinueRule, readContinueRule } from "./formats/continue-rules.js";
import { isCopilotInstructions, readCopilotInstructions } from "./formats/copilot-instructions.js";
import { inCursorRules, isCursorRule, readCursorRule } from "./formats/cursor-rules.js";
import {
  formatOfInstructions,
  isInstructionsMarkdown,
  isLegacyRulesFile,
  readAgentInstructions,
} from "./formats/instructions-markdown.js";
import { isKiroSteering, readKiroSteering } from "./formats/kiro-steering.js";
import type { FileImport, RuleFormat } from "./formats/rule-file.js";
import { isWindsurfRule, readWindsurfRule } from "./formats/windsurf-rules.js";

export interface RuleFile {
  file: string;
  format: RuleFormat;
  read(file: string, raw: string): FileImport;
}

/** Skills archon (or anyone) deployed under a tool folder are procedures, not rules. */
const isSkill = (file: string) => /(^|\/)\.[^/]+\/skills\//.test(file);

const READERS: readonly { is(file: string): boolean; format: RuleFormat; read: RuleFile["read"] }[] = [
  { is: isCursorRule, format: "cursor", read: readCursorRule },
  { is: isCopilotInstructions, format: "copilot", read: readCopilotInstructions },
  { is: isClaudeRule, format: "claude", read: readClaudeRule },
  { is: isWindsurfRule, format: "windsurf", read: readWindsurfRule },
  { is: isClineRule, format: "cline", read: readClineRule },
  { is: isContinueRule, format: "continue", read: readContinueRule },
  { is: isKiroSteering, format: "kiro", read: readKiroSteering },
];

/** Which importer reads a repo-relative path, if any. More specific locations are tried first. */
export function classify(file: string): RuleFile | undefined {
  if (isSkill(file)) return undefined;
  const reader = READERS.find((r) => r.is(file));
  if (reader) return { file, format: reader.format, read: reader.read };
  if (isInstructionsMarkdown(file) || isLegacyRulesFile(file))
    return { file, format: formatOfInstructions(file), read: readAgentInstructions };
  return undefined;
}

const skipped = (file: string) => file.split("/").some((segment) => SKIPPED_FOLDERS.has(segment));

/** A file in an agent's rule folder that the agent does not read, and so neither does the import. */
export interface SkippedRuleFile {
  file: string;
  format: RuleFormat;
  reason: string;
}

const CURSOR_SKIPPED = "Cursor reads only .mdc and .md files in .cursor/rules/; not imported";

/**
 * Instruction files of the chosen formats under `root`, sorted by path, and the other files in Cursor's
 * rule folders (named, never read). Outside git the walk lists (and counts toward `walkLimit`) only those
 * files, so unrelated files never crowd a rule out; `truncated` says more were there.
 */
export function discoverRuleFiles(
  root: string,
  formats: ReadonlySet<RuleFormat>,
  walkLimit = WALK_LIMIT,
): { method: "git" | "walk"; truncated: boolean; files: RuleFile[]; skipped: SkippedRuleFile[] } {
  const wanted = (file: string) => {
    if (skipped(file)) return false;
    const format = classify(file)?.format ?? (inCursorRules(file) && !isSkill(file) ? "cursor" : undefined);
    return format !== undefined && formats.has(format);
  };
  const listing = listProjectFiles(root, walkLimit, wanted);
  // git also lists tracked files deleted from the work tree; only what is on disk can be read.
  const onDisk = listing.files.filter((file) => existsSync(join(root, file)));
  const files = onDisk.map((file) => classify(file)).filter((r) => r !== undefined);
  const others = onDisk
    .filter((file) => classify(file) === undefined)
    .map((file) => ({ file, format: "cursor" as const, reason: CURSOR_SKIPPED }));
  return { method: listing.source, truncated: listing.truncated, files, skipped: others };
}
