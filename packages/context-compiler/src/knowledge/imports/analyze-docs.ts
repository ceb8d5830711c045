// analyze_doc / analyze_import_batch: read files (sandboxed), split them into units, suggest a plan. Read-only.

import { type Db, UserError } from "@archon/core";
import { type Channel, step } from "../next-step.js";
import { readProjectFile } from "../project-path.js";
import { archonOwnedReason, userRegions } from "./archon-owned.js";
import { finishItems } from "./finish-items.js";
import { fileStem, humanize, type ImportDraft, type ImportItem, slugOf } from "./import-item.js";
import { normalizeNewlines, splitUnits, unitSourcePath } from "./split-units.js";
import { textEdgeHints } from "./text-edge-hints.js";

export const MAX_BATCH_FILES = 200;

export interface AnalyzeResult {
  files: { file: string; units: number }[];
  items: ImportItem[];
  warnings: string[];
  next_step: string;
}

const nextStep = (channel: Channel) =>
  `Review the items: edit doc_id, title, kind or edge_hints, copy the suggested_tags you agree with into tags, split or drop items, and give every item a scope before it goes further. Then pass the items to ${step(channel, "execute_import_plan")}, which turns them into one bundle of pending proposals.`;

/**
 * A file's units as drafts, with notes on what archon wrote itself and is left out (an owned file
 * yields nothing, a managed block is cut out). Its path comes back from the sandbox, repo-relative.
 */
export function draftsOfFile(
  projectRoot: string,
  input: string,
  field: string,
): { file: string; drafts: ImportDraft[]; notes: string[] } {
  const file = readProjectFile(projectRoot, input, field);
  const raw = file.text;
  if (raw.includes("\u0000"))
    throw new UserError(`${field} "${input}" is not a text file.`, "Give markdown or plain text.", field);
  const owned = archonOwnedReason(raw);
  if (owned) return { file: file.relative, drafts: [], notes: [owned] };
  const text = normalizeNewlines(raw);
  const lines = text.split("\n");
  const { regions, notes } = userRegions(lines, 1);
  const stem = fileStem(file.relative);
  const drafts = regions
    .flatMap((r) => splitUnits(lines.slice(r.from, r.to).join("\n"), r.from + 1))
    .map((unit) => ({
      file: file.relative,
      source_path: unitSourcePath(file.relative, text, unit),
      title: unit.title ?? humanize(stem),
      id_base: slugOf(stem, unit.title ?? ""),
      content: unit.content,
      edge_hints: textEdgeHints(unit.content),
    }));
  return { file: file.relative, drafts, notes };
}

/** Suggested plan items for the files, in the order given (each file once); changes nothing. */
export function analyzeDocs(
  ctx: { db: Db; projectRoot: string; channel: Channel },
  paths: readonly string[],
  compareItems: boolean,
): AnalyzeResult {
  if (paths.length === 0) throw new UserError("Give at least one file path.", undefined, "file_paths");
  if (paths.length > MAX_BATCH_FILES) {
    throw new UserError(
      `${paths.length} files is more than ${MAX_BATCH_FILES} in one batch.`,
      "Split the batch; each call's plan becomes one bundle.",
      "file_paths",
    );
  }
  const drafts: ImportDraft[] = [];
  const files: AnalyzeResult["files"] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  paths.forEach((path, i) => {
    const field = compareItems ? `file_paths[${i}]` : "file_path";
    const { file, drafts: units, notes } = draftsOfFile(ctx.projectRoot, path, field);
    if (seen.has(file)) return;
    seen.add(file);
    files.push({ file, units: units.length });
    for (const note of notes) warnings.push(`${file}: ${note}.`);
    if (units.length === 0 && notes.length === 0)
      warnings.push(`${file} has nothing to import beyond a title.`);
    drafts.push(...units);
  });
  return {
    files,
    items: finishItems(ctx.db, drafts, compareItems),
    warnings,
    next_step: nextStep(ctx.channel),
  };
}
