// Which instruction files a migration reduces to archon's block, which it removes, and which are archon's own.

import { hasBlock } from "../adapters/markers.js";
import { foreignBlocks } from "../knowledge/imports/foreign-blocks.js";
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
  /(^|\/)\.cursor\/rules\/(.+\/)?[^/]+\.mdc?$/,
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
 * What an instructions file becomes: `block`, beside whatever blocks others keep in it, each whole and in
 * the order the file has them: the exported-rules block (export-rules keeps that one up to date; dropping
 * it would only have it written again) and other tools' marked blocks (theirs to rewrite). `block` takes
 * the place of archon's block, or comes last. A file that holds only the exported rules is export-rules'
 * own (GEMINI.md, a nested AGENTS.md) and stays as it is.
 */
export function reducedText(path: string, text: string, block: string): string {
  const exported = blockLines(path, text, EXPORT_BLOCK);
  const processBlock = blockLines(path, text, MARKDOWN_BLOCK);
  const lines = text.split(/\r?\n/);
  const kept = foreignBlocks(lines).map((b) => ({ at: b.from, lines: lines.slice(b.from, b.to + 1) }));
  if (exported) {
    kept.push(exported);
    const outside = lines.filter((_, i) => i < exported.at || i >= exported.at + exported.lines.length);
    if (!processBlock && kept.length === 1 && outside.every((line) => line.trim() === "")) return text;
  }
  const own = {
    at: processBlock?.at ?? Number.POSITIVE_INFINITY,
    lines: block.replace(/\n$/, "").split("\n"),
  };
  return `${[...kept, own]
    .sort((a, b) => a.at - b.at)
    .map((piece) => piece.lines.join("\n"))
    .join("\n\n")}\n`;
}

/** Whether a file holds another tool's marked block, which removing the file would lose. */
export const holdsForeignBlock = (text: string) => foreignBlocks(text.split(/\r?\n/)).length > 0;
