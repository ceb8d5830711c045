// Shared instruction files (AGENTS.md, GEMINI.md): export writes one only while it holds nothing but archon's blocks.

import { EXPORT_BLOCK } from "../../vocabulary/export-marker.js";
import { MARKDOWN_BLOCK } from "../../vocabulary/markers.js";
import { hasBlock, upsertBlock } from "../markers.js";

/** deploy-adapters' process block and export's rules block: the only text archon puts in a shared file. */
const ARCHON_BLOCKS = [MARKDOWN_BLOCK, EXPORT_BLOCK];

/**
 * `text` without the export block (replacing a block with nothing leaves one empty line, tidied away
 * here: only files holding archon's blocks alone are ever written back). Throws on malformed markers.
 */
export function withoutExportBlock(path: string, text: string): string {
  if (!hasBlock(path, text, EXPORT_BLOCK)) return text;
  const rest = upsertBlock(path, text, "", EXPORT_BLOCK);
  return rest.trim() === "" ? "" : `${rest.replace(/(\r?\n)(\s*\r?\n)+/g, "$1$1").replace(/\s+$/, "")}\n`;
}

/** `text` with archon's blocks taken out (an empty line left where each was). Throws on malformed markers. */
export const withoutArchonBlocks = (path: string, text: string): string =>
  ARCHON_BLOCKS.reduce(
    (t, markers) => (hasBlock(path, t, markers) ? upsertBlock(path, t, "", markers) : t),
    text,
  );

/** Whether every non-blank line belongs to one of archon's blocks. Throws on malformed markers. */
export const holdsOnlyArchonBlocks = (path: string, text: string): boolean =>
  withoutArchonBlocks(path, text).trim() === "";

/** The file with `block` written in, or undefined when the file holds someone else's text. */
export function withExportBlock(
  path: string,
  existing: string | undefined,
  block: string,
): string | undefined {
  if (existing !== undefined && !holdsOnlyArchonBlocks(path, existing)) return undefined;
  return upsertBlock(path, existing ?? "", block, EXPORT_BLOCK);
}

/** Why a shared file is left alone, and the way out. */
export const handWritten = (path: string) =>
  `${path} holds text archon did not write, so export leaves it alone and never appends to it; run archon migrate to move its rules into archon, then export again`;
