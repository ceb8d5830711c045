// The rule files as the team committed them: the blobs a git commit holds under .archon/rules/, or,
// outside git, the files in the working tree. Only the folder's own files count: its subfolders hold what
// export-rules writes for other agents.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { readGitBlobs, runGit } from "../git.js";
import { readProjectBytes } from "../project-path.js";
import { inGitWorkTree } from "../standing-rules/committed-rules.js";
import { LAYERS_FILE } from "./layers-file.js";
import { RULE_FILES_DIR } from "./rule-file-text.js";

export interface CommittedTree {
  /** git: the blobs of `commit`; worktree: the files on disk (a folder outside git). */
  source: "git" | "worktree";
  /** The commit read, or null (outside git, or a repository without a commit yet). */
  commit: string | null;
  /** path → git blob id, for every rule file and the layers file. */
  files: Map<string, string>;
  /** Entries that are not regular files (a committed link, a submodule), with why they were skipped. */
  skipped: string[];
}

const isKnowledgeFile = (path: string) =>
  path === LAYERS_FILE || (path.endsWith(".md") && !path.includes("/", RULE_FILES_DIR.length + 1));

/** git's id of a blob with these bytes: what a working file would get if it were committed. */
export const blobOid = (bytes: Buffer | string): string => {
  const data = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
  return createHash("sha1").update(`blob ${data.length}\0`).update(data).digest("hex");
};

/** What a working folder's knowledge files are, as one value: their paths and blob ids, in path order. */
export const worktreeStamp = (files: Iterable<[string, string]>): string =>
  `worktree:${blobOid(
    [...files]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, oid]) => `${path} ${oid}`)
      .join("\n"),
  )}`;

/** The commit `ref` names, null when the repository has none yet; undefined outside git. */
export function resolveCommit(projectRoot: string, ref: string): string | null | undefined {
  if (!inGitWorkTree(projectRoot)) return undefined;
  const oid = runGit(projectRoot, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  return oid === undefined ? null : oid.trim();
}

/** The knowledge files of `commit` (null: none yet), with their blob ids. */
export function treeAtCommit(projectRoot: string, commit: string | null): CommittedTree {
  const files = new Map<string, string>();
  const skipped: string[] = [];
  if (commit !== null) {
    const listing =
      runGit(projectRoot, [
        "-c",
        "core.quotepath=off",
        "ls-tree",
        "-z",
        commit,
        "--",
        `${RULE_FILES_DIR}/`,
      ]) ?? "";
    for (const entry of listing.split("\0")) {
      if (entry === "") continue;
      const [meta, path] = entry.split("\t") as [string, string];
      const [mode, type, oid] = meta.split(" ") as [string, string, string];
      if (!isKnowledgeFile(path)) continue;
      if (type !== "blob" || (mode !== "100644" && mode !== "100755")) {
        skipped.push(`${path}: not a regular file in the commit (mode ${mode}); left out`);
        continue;
      }
      files.set(path, oid);
    }
  }
  return { source: "git", commit, files, skipped };
}

/** Outside git: the working tree's files, each read through the project's read guard. */
export function treeInWorkingFolder(projectRoot: string): CommittedTree & { texts: Map<string, string> } {
  const files = new Map<string, string>();
  const texts = new Map<string, string>();
  const skipped: string[] = [];
  const dir = join(projectRoot, RULE_FILES_DIR);
  const names = lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() ? readdirSync(dir).sort() : [];
  for (const name of names) {
    const path = `${RULE_FILES_DIR}/${name}`;
    if (!isKnowledgeFile(path) || !lstatSync(join(dir, name)).isFile()) {
      if (isKnowledgeFile(path)) skipped.push(`${path}: not a regular file; left out`);
      continue;
    }
    const bytes = readProjectBytes(projectRoot, path, "rule_file");
    files.set(path, blobOid(bytes));
    texts.set(path, bytes.toString("utf8"));
  }
  return { source: "worktree", commit: null, files, skipped, texts };
}

/** The texts of `oids` from git's object store. */
export function readBlobTexts(projectRoot: string, oids: readonly string[]): Map<string, string> {
  const blobs = readGitBlobs(projectRoot, oids);
  return new Map([...blobs].map(([oid, bytes]) => [oid, bytes.toString("utf8")]));
}

/** "<short oid> <author>: <subject>" for each commit after `from` up to `to` that touched the rule files, newest first. */
export function commitsTouchingRules(projectRoot: string, from: string | null, to: string): string[] {
  const range = from === null ? ["-n", "1", to] : [`${from}..${to}`];
  const out = runGit(projectRoot, ["log", "--format=%h %an: %s", ...range, "--", `${RULE_FILES_DIR}/`]);
  if (out === undefined) return [];
  return out
    .split("\n")
    .filter((line) => line !== "")
    .slice(0, 20);
}

/** Rule files the working tree changed and no commit holds yet (undefined outside git), sorted. */
export function uncommittedRuleFiles(projectRoot: string): string[] | undefined {
  const out = runGit(projectRoot, [
    "-c",
    "core.quotepath=off",
    "status",
    "--porcelain",
    "--untracked-files=all",
    "--",
    `${RULE_FILES_DIR}/`,
  ]);
  if (out === undefined) return undefined;
  return out
    .split("\n")
    .filter((line) => line.length > 3)
    .map((line) => line.slice(3))
    .filter(
      (path) => path.startsWith(`${RULE_FILES_DIR}/`) && !path.slice(RULE_FILES_DIR.length + 1).includes("/"),
    )
    .sort();
}
