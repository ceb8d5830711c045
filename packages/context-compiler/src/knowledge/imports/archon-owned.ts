// What archon itself wrote into instruction files (owned files, managed blocks), so import never reads it back.
import { EXPORT_BLOCK, EXPORT_MARKER, isExported } from "../../vocabulary/export-marker.js";
import {
  carriesMarker,
  MANAGED_FILE_MARKER,
  MANAGED_SKILL_MARKER,
  MARKDOWN_BLOCK,
  type MarkerPair,
} from "../../vocabulary/markers.js";
import { foreignBlocks } from "./foreign-blocks.js";

/** Lines [from, to) of a body, 0-based: a stretch of the user's own text. */
export interface Region {
  from: number;
  to: number;
}

const BLOCKS: readonly { what: string; markers: MarkerPair }[] = [
  { what: "archon's managed block", markers: MARKDOWN_BLOCK },
  { what: "archon's exported rules block", markers: EXPORT_BLOCK },
];

/** Why the whole file is archon's own, so nothing in it is imported; undefined for the user's files. */
export function archonOwnedReason(raw: string): string | undefined {
  if (isExported(raw)) return `written by archon export-rules (${EXPORT_MARKER}); not imported`;
  if (carriesMarker(raw, MANAGED_FILE_MARKER))
    return `archon's own file (${MANAGED_FILE_MARKER}); not imported`;
  if (carriesMarker(raw, MANAGED_SKILL_MARKER))
    return `a skill archon deployed (${MANAGED_SKILL_MARKER}); not imported`;
  return undefined;
}

/**
 * The stretches of `lines` outside archon's blocks, other tools' marked blocks and the `cut` lines (import lines), so no
 * unit spans a gap and every unit's lines are still the file's. Markers are matched as deploy matches
 * them, a whole line each; `firstLine` is the file line of `lines[0]`, for the notes.
 */
export function userRegions(
  lines: readonly string[],
  firstLine: number,
  cut: ReadonlySet<number> = new Set(),
): { regions: Region[]; notes: string[] } {
  const regions: Region[] = [];
  const notes: string[] = [];
  let from = 0;
  const close = (to: number) => {
    if (to > from) regions.push({ from, to });
  };
  const foreign = new Map(foreignBlocks(lines).map((b) => [b.from, b]));
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    const block = BLOCKS.find((b) => b.markers.start === line);
    const stray = BLOCKS.find((b) => b.markers.end === line);
    const other = foreign.get(i);
    if (other) {
      // Another tool's block is that tool's to rewrite: it stays whole in the file, no rule of archon's.
      close(i);
      notes.push(
        `kept the "${other.name}" block of another tool (lines ${firstLine + i}-${firstLine + other.to}) whole; not imported`,
      );
      i = other.to;
      from = other.to + 1;
    } else if (block) {
      close(i);
      const end = lines.findIndex((l, j) => j > i && l.trim() === block.markers.end);
      if (end < 0) {
        notes.push(
          `"${block.markers.start}" at line ${firstLine + i} has no "${block.markers.end}"; everything after it is taken as archon's and not imported`,
        );
        return { regions, notes };
      }
      notes.push(`skipped ${block.what} (lines ${firstLine + i}-${firstLine + end})`);
      i = end;
      from = end + 1;
    } else if (stray) {
      close(i);
      notes.push(`skipped a stray "${stray.markers.end}" at line ${firstLine + i}`);
      from = i + 1;
    } else if (cut.has(i)) {
      close(i);
      from = i + 1;
    }
  }
  close(lines.length);
  return { regions, notes };
}
