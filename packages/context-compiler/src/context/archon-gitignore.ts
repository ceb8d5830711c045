// .archon/.gitignore: keeps archon's databases and this machine's state out of `git add -A`, while the
// files a team reviews and commits (rules.md, rules/, config.json) stay visible to git. Written by setup,
// and by whatever command first makes a folder a project (a `seed` run by hand included).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeProjectFile } from "../knowledge/project-write.js";
import { ARCHON_DIR } from "../vocabulary/project-files.js";

export const ARCHON_GITIGNORE = `${ARCHON_DIR}/.gitignore`;

/** The line that says archon owns the file; once a person removes it, the file is theirs. */
const OWNER_LINE = "# Written by archon setup, which rewrites it; remove this line to make the file yours.";

/**
 * Everything is ignored but what the code writes to be committed: .archon/rules.md (standing rules),
 * .archon/rules/ (rule files migrate writes), .archon/config.json (the team's rules packages) and this file.
 * Ignoring by default keeps new local state (databases and their -journal/-wal/-shm, last-verify.json,
 * hooks/, migrate/ backups, graph.html, sessions) out of a commit without a new line for each.
 */
export const ARCHON_GITIGNORE_TEXT = [
  OWNER_LINE,
  "# Databases and this machine's state stay local; the team's rules are committed.",
  "*",
  "!.gitignore",
  "!rules.md",
  "!rules/",
  "!rules/**",
  "!config.json",
  "",
].join("\n");

export interface GitignoreChange {
  path: string;
  action: "created" | "updated" | "unchanged" | "conflict";
}

/** Writes the file, or leaves one a person wrote alone and says so (`conflict`). */
export function writeArchonGitignore(projectRoot: string, dryRun = false): GitignoreChange {
  const path = join(projectRoot, ARCHON_GITIGNORE);
  const before = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  if (before !== undefined && before.split(/\r?\n/, 1)[0] !== OWNER_LINE) return { path, action: "conflict" };
  const action =
    before === undefined ? "created" : before === ARCHON_GITIGNORE_TEXT ? "unchanged" : "updated";
  if (action !== "unchanged" && !dryRun) writeProjectFile({ root: projectRoot }, path, ARCHON_GITIGNORE_TEXT);
  return { path, action };
}
