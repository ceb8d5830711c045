// Finds the instruction files agents already read: git ls-files in a repository, else a bounded walk.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { isClaudeRule, readClaudeRule } from "./formats/claude-rules.js";
import { isCopilotInstructions, readCopilotInstructions } from "./formats/copilot-instructions.js";
import { isCursorRule, readCursorRule } from "./formats/cursor-rules.js";
import {
  formatOfInstructions,
  isInstructionsMarkdown,
  readAgentInstructions,
} from "./formats/instructions-markdown.js";
import type { FileImport, RuleFormat } from "./formats/rule-file.js";

export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(["node_modules", ".git", "dist", ".archon"]);
export const WALK_LIMIT = 20_000;
const WALK_DEPTH = 12;

export interface RuleFile {
  file: string;
  format: RuleFormat;
  read(file: string, raw: string): FileImport;
}

/** Which importer reads a repo-relative path, if any. More specific locations are tried first. */
export function classify(file: string): RuleFile | undefined {
  if (isCursorRule(file)) return { file, format: "cursor", read: readCursorRule };
  if (isCopilotInstructions(file)) return { file, format: "copilot", read: readCopilotInstructions };
  if (isClaudeRule(file)) return { file, format: "claude", read: readClaudeRule };
  if (isInstructionsMarkdown(file))
    return { file, format: formatOfInstructions(file), read: readAgentInstructions };
  return undefined;
}

const skipped = (file: string) => file.split("/").some((segment) => SKIPPED_FOLDERS.has(segment));

/** Tracked and untracked-but-not-ignored files, or undefined when `root` is not in a git work tree. */
function gitFiles(root: string): string[] | undefined {
  const r = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0 || r.error) return undefined;
  // --cached lists files deleted from the work tree too; only what is on disk can be read.
  return r.stdout.split("\0").filter((f) => f !== "" && existsSync(join(root, f)));
}

/** Breadth-first, names sorted, symbolic links not followed, at most WALK_LIMIT entries. */
function walkFiles(root: string): { files: string[]; truncated: boolean } {
  const files: string[] = [];
  const queue: { rel: string; depth: number }[] = [{ rel: "", depth: 0 }];
  let seen = 0;
  while (queue.length > 0) {
    const { rel, depth } = queue.shift() as { rel: string; depth: number };
    const entries = readdirSync(join(root, rel), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      if (++seen > WALK_LIMIT) return { files, truncated: true };
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name) && depth < WALK_DEPTH)
        queue.push({ rel: path, depth: depth + 1 });
      else if (entry.isFile()) files.push(path);
    }
  }
  return { files, truncated: false };
}

/** Instruction files of the chosen formats under `root`, sorted by path. */
export function discoverRuleFiles(
  root: string,
  formats: ReadonlySet<RuleFormat>,
): { method: "git" | "walk"; truncated: boolean; files: RuleFile[] } {
  const tracked = gitFiles(root);
  const listing = tracked ? { files: tracked, truncated: false } : walkFiles(root);
  const files = listing.files
    .filter((f) => !skipped(f))
    .sort()
    .map(classify)
    .filter((r): r is RuleFile => r !== undefined && formats.has(r.format));
  return { method: tracked ? "git" : "walk", truncated: listing.truncated, files };
}
