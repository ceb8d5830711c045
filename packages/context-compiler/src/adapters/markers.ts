// Managed blocks inside files someone else owns: find them exactly, replace only them, never guess.
import { UserError } from "@archon/core";
import type { MarkerPair } from "../vocabulary/markers.js";

/** Where the block sits: line indexes of its start and end markers, or absent. */
type Located = { kind: "absent" } | { kind: "found"; start: number; end: number };

function locate(path: string, lines: readonly string[], markers: MarkerPair): Located {
  const starts: number[] = [];
  const ends: number[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === markers.start) starts.push(i);
    else if (line.trim() === markers.end) ends.push(i);
  });
  if (starts.length === 0 && ends.length === 0) return { kind: "absent" };
  const [start] = starts;
  const [end] = ends;
  if (starts.length === 1 && ends.length === 1 && start !== undefined && end !== undefined && start < end)
    return { kind: "found", start, end };
  const problem =
    starts.length > 1
      ? `has ${starts.length} "${markers.start}" markers`
      : ends.length > 1
        ? `has ${ends.length} "${markers.end}" markers`
        : starts.length === 0
          ? `has "${markers.end}" without "${markers.start}"`
          : ends.length === 0
            ? `has "${markers.start}" without "${markers.end}"`
            : `has "${markers.end}" before "${markers.start}"`;
  throw new UserError(
    `${path} ${problem}; archon will not guess which text is its block.`,
    `Edit ${path} so it holds exactly one "${markers.start}" line followed by one "${markers.end}" line (or neither, to have the block appended), then deploy again.`,
  );
}

/**
 * `existing` with the managed block replaced by `block` (which includes its own marker lines), or with
 * `block` appended after a blank line when the file has none. Text outside the block is kept byte for byte.
 */
export function upsertBlock(path: string, existing: string, block: string, markers: MarkerPair): string {
  const eol = existing.includes("\r\n") ? "\r\n" : "\n";
  const lines = existing.split(/\r?\n/);
  const body = block.replace(/\n$/, "").split("\n");
  const found = locate(path, lines, markers);
  if (found.kind === "found") {
    return [...lines.slice(0, found.start), ...body, ...lines.slice(found.end + 1)].join(eol);
  }
  if (existing.trim() === "") return `${body.join(eol)}${eol}`;
  const trimmed = existing.replace(/(\r?\n)*$/, "");
  return `${trimmed}${eol}${eol}${body.join(eol)}${eol}`;
}

/** Throws on malformed markers; true when the block is present. */
export function hasBlock(path: string, existing: string, markers: MarkerPair): boolean {
  return locate(path, existing.split(/\r?\n/), markers).kind === "found";
}
