// Client config files that hold this machine's paths stay out of git: a block in the clone's own
// .git/info/exclude, never the project's .gitignore, and only for files git does not already track.
import { existsSync, readFileSync } from "node:fs";
import { gitCommonDir, gitPath } from "../adapters/git-hooks.js";
import { upsertBlock } from "../adapters/markers.js";
import { runGit } from "../knowledge/git.js";
import { writeProjectFile } from "../knowledge/project-write.js";
import type { MarkerPair } from "../vocabulary/markers.js";
import type { FileChange } from "./config-files.js";

/** Not the adapters' `# archon:start` block in the same file: each writer owns only its own lines. */
const SETUP_BLOCK: MarkerPair = { start: "# archon-setup:start", end: "# archon-setup:end" };
const PURPOSE = "# Written by archon setup: client configs that name this machine's archon checkout.";

/** Whether git tracks `rel` (a project-relative path with forward slashes); false outside a repository. */
export const isTracked = (projectRoot: string, rel: string) =>
  runGit(projectRoot, ["ls-files", "--error-unmatch", "--", rel]) !== undefined;

function currentLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === SETUP_BLOCK.start);
  const end = lines.findIndex((l) => l.trim() === SETUP_BLOCK.end);
  if (start < 0 || end < start) return [];
  return lines.slice(start + 1, end).filter((l) => l.startsWith("/"));
}

/**
 * Sets the block to the files it listed before plus `machine`, minus `portable` (a file that now starts the
 * project's own archon, which the team commits). Undefined outside git or when there is nothing to say.
 */
export function excludeMachineFiles(
  projectRoot: string,
  machine: readonly string[],
  portable: readonly string[],
  dryRun = false,
): FileChange | undefined {
  const path = gitPath(projectRoot, "info/exclude");
  if (path === undefined) return undefined;
  const before = existsSync(path) ? readFileSync(path, "utf8") : "";
  const drop = new Set(portable.map((f) => `/${f}`));
  const lines = [...new Set([...currentLines(before), ...machine.map((f) => `/${f}`)])]
    .filter((l) => !drop.has(l))
    .sort();
  if (lines.length === 0 && currentLines(before).length === 0) return undefined;
  const block = `${[SETUP_BLOCK.start, PURPOSE, ...lines, SETUP_BLOCK.end].join("\n")}\n`;
  const after = upsertBlock(path, before, block, SETUP_BLOCK);
  if (after === before) return { path, action: "unchanged" };
  if (!dryRun) {
    const common = gitCommonDir(projectRoot);
    writeProjectFile({ root: projectRoot, also: common ? [common] : [] }, path, after);
  }
  return { path, action: before === "" ? "created" : "updated" };
}
