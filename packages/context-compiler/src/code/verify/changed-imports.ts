// The imports of a changed file that verify_done checks: read through the project guard, parsed within
// one shared time budget, and (for a diff whose new side is on disk) only those on added lines.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { FileTooLargeError, readProjectFile } from "../../knowledge/project-path.js";
import { extractFile, TIMED_OUT } from "../extract-symbols.js";
import { MAX_FILE_BYTES, type ParseLimits } from "../limits.js";
import type { ExtractedImport } from "../symbol-model.js";
import type { ChangedFile } from "./changed-files.js";

/**
 * The file's text: on disk, through the project read guard, or (for a file the diff creates and the disk
 * lacks) the diff's own lines. A link that leads out of the project refuses the whole check (its answer
 * would otherwise carry the outside file's imports), and so does a FIFO, a folder or a database.
 */
function textOf(root: string, file: ChangedFile): string | typeof TOO_LARGE | undefined {
  if (!existsSync(join(root, file.path))) return file.created ?? undefined;
  try {
    return readProjectFile(root, file.path, "changed_files", MAX_FILE_BYTES).text;
  } catch (error) {
    // Read whole, a file of hundreds of MB held the server for half a minute and took a GB of memory.
    if (error instanceof FileTooLargeError) return TOO_LARGE;
    if (!(error instanceof UserError)) throw error;
    throw new UserError(
      error.message,
      "verify_done reads only regular files inside the project: leave this one out of the change, or replace a link with the file itself.",
      "changed_files",
    );
  }
}

/** Parsing time left to one call over all its files, and the limits it started from. */
export interface ParseBudget {
  leftMs: number;
  limits: ParseLimits;
}

const TOO_LARGE = Symbol("too large");
const tooLarge = (path: string) =>
  `${path}: over ${MAX_FILE_BYTES / 1024 / 1024} MiB, so it was not read and its imports were not checked.`;
const timedOut = (path: string, limits: ParseLimits) =>
  `${path}: not parsed within ${limits.perFileMs / 1000} s (deeply nested brackets make the parser slow), so its imports were not checked.`;
const budgetSpent = (path: string, limits: ParseLimits) =>
  `${path}: not parsed, this check having spent its ${limits.perCheckMs / 1000} s of parsing on slow files, so its imports were not checked; verify it on its own.`;

/** The imports of a changed file, or [] with a warning when it could not be parsed within the budget. */
export async function importsOf(
  file: ChangedFile,
  root: string,
  budget: ParseBudget,
  warnings: string[],
): Promise<ExtractedImport[]> {
  const text = textOf(root, file);
  if (text === undefined) return [];
  if (text === TOO_LARGE) {
    warnings.push(tooLarge(file.path));
    return [];
  }
  const { limits } = budget;
  const allowed = Math.min(limits.perFileMs, budget.leftMs);
  if (allowed <= 0) {
    warnings.push(budgetSpent(file.path, limits));
    return [];
  }
  const start = performance.now();
  const extracted = await extractFile(file.path, text, allowed);
  budget.leftMs -= performance.now() - start;
  if (extracted === TIMED_OUT) {
    warnings.push(allowed < limits.perFileMs ? budgetSpent(file.path, limits) : timedOut(file.path, limits));
    return [];
  }
  return extracted ? importsToCheck(file, text, extracted.imports, warnings) : [];
}

/** The imports to check: those on lines the diff added, when the file on disk is the diff's new side. */
function importsToCheck(file: ChangedFile, text: string, imports: ExtractedImport[], warnings: string[]) {
  if (file.added === null) return imports;
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  const matches = [...file.added].every(([line, added]) => lines[line - 1] === added.replace(/\r$/, ""));
  if (!matches) {
    warnings.push(
      `${file.path}: the file on disk is not the new side of the diff; all of its imports were checked, not only the added ones.`,
    );
    return imports;
  }
  return imports.filter((i) => file.added?.has(i.line));
}
