// Which instruction files a migration reduces to archon's block, which it removes, and which are archon's own.

import { hasBlock, upsertBlock } from "../adapters/markers.js";
import { EXPORT_BLOCK, EXPORT_MARKER } from "../vocabulary/export-marker.js";
import {
  carriesMarker,
  MANAGED_FILE_MARKER,
  MARKDOWN_BLOCK,
  type MarkerPair,
} from "../vocabulary/markers.js";

/** Always-read markdown keeps a managed block; a per-rule file has nothing left to say once imported. */
export type SourceKind = "instructions" | "rule-file";

const INSTRUCTIONS = /(^|\/)(CLAUDE|AGENTS|GEMINI)\.md$/;

const RULE_FILES: readonly RegExp[] = [
  /(^|\/)\.cursor\/rules\/(.+\/)?[^/]+\.mdc$/,
  /(^|\/)\.cursorrules$/,
  /(^|\/)\.github\/copilot-instructions\.md$/,
  /(^|\/)\.github\/instructions\/.+$/,
  /(^|\/)\.claude\/rules\/.+$/,
  /(^|\/)\.windsurf\/rules\/.+$/,
  /(^|\/)\.clinerules(\/.+)?$/,
  /(^|\/)\.continue\/rules\/.+$/,
  /(^|\/)\.kiro\/steering\/.+$/,
];

export function sourceKind(path: string): SourceKind | undefined {
  if (INSTRUCTIONS.test(path)) return "instructions";
  return RULE_FILES.some((re) => re.test(path)) ? "rule-file" : undefined;
}

/** A root file carries the whole block; nested ones are read after it (Codex, Claude Code, Gemini). */
export const isRootFile = (path: string) => !path.includes("/");

/** Files archon wrote whole: the Cursor process rule and export-rules' per-rule files. */
export function isArchonFile(text: string): boolean {
  return (
    carriesMarker(text, MANAGED_FILE_MARKER) ||
    text.split(/\r?\n/).some((line) => line.trim().startsWith(EXPORT_MARKER))
  );
}

/** The lines of one marked block, markers included, and the line it starts on; throws (UserError) on malformed markers. */
function blockLines(
  path: string,
  text: string,
  markers: MarkerPair,
): { lines: string[]; at: number } | undefined {
  if (!hasBlock(path, text, markers)) return undefined;
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === markers.start);
  const end = lines.findIndex((l) => l.trim() === markers.end);
  return { lines: lines.slice(start, end + 1), at: start };
}

/** The text of archon's blocks in a file (process block, exported rules); what an import must not take back. */
export function archonBlocks(path: string, text: string): string[] {
  return [MARKDOWN_BLOCK, EXPORT_BLOCK]
    .map((markers) => blockLines(path, text, markers))
    .filter((block) => block !== undefined)
    .map((block) => block.lines.join("\n"));
}

/**
 * What an instructions file becomes: `block` alone, or beside the exported-rules block when the file has
 * one (export-rules keeps that one up to date; dropping it would only have it written again), the two in
 * the order the file has them, so that neither command moves what the other wrote. A file that holds only
 * the exported rules is export-rules' own (GEMINI.md, a nested AGENTS.md) and stays as it is.
 */
export function reducedText(path: string, text: string, block: string): string {
  const exported = blockLines(path, text, EXPORT_BLOCK);
  const processBlock = blockLines(path, text, MARKDOWN_BLOCK);
  if (!exported) return upsertBlock(path, "", block, MARKDOWN_BLOCK);
  const exportedText = `${exported.lines.join("\n")}\n`;
  if (!processBlock) {
    const outside = text
      .split(/\r?\n/)
      .filter((_, i) => i < exported.at || i >= exported.at + exported.lines.length);
    if (outside.every((line) => line.trim() === "")) return text;
  }
  if (processBlock && processBlock.at < exported.at)
    return `${upsertBlock(path, "", block, MARKDOWN_BLOCK)}\n${exportedText}`;
  return upsertBlock(path, exportedText, block, MARKDOWN_BLOCK);
}
