// The post-implementation checks Archon can serve itself on a worktree of the project: the changed files
// (git), their impact (the symbol index) and a secret scan of them. A worktree of another repository, or a
// path outside it, is refused, so a reply's footer cannot point the server at files it should not read.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import type { ProjectGrounding } from "archon/grounding";
import { credentialIn } from "../validation/secret-shapes.js";

/** Files and bytes one check reads: bounds the work a long footer can ask for. */
export const MAX_CHECKED_FILES = 200;
const MAX_FILE_BYTES = 1024 * 1024;

function git(cwd: string, args: string[]): string {
  return execFileSync("git", ["-C", cwd, ...args], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
}

/**
 * The worktree's real path when it is a checkout of the project's own repository (same git common dir),
 * else the reason it is not. Everything these checks read sits inside it.
 */
export function ownWorktree(root: string, path: unknown): { dir: string } | { refused: string } {
  if (typeof path !== "string" || !isAbsolute(path) || !existsSync(path))
    return { refused: `the worktree ${String(path)} does not exist` };
  try {
    const dir = realpathSync(path);
    const common = (cwd: string) => realpathSync(resolve(cwd, git(cwd, ["rev-parse", "--git-common-dir"])));
    if (common(dir) !== common(root)) return { refused: `${dir} is not a worktree of ${root}` };
    return { dir };
  } catch (error) {
    return {
      refused: `${String(path)} is not a git worktree: ${error instanceof Error ? error.message : ""}`.trim(),
    };
  }
}

/** Repo-relative paths inside the worktree; anything that climbs out of it is dropped. */
function inside(dir: string, files: unknown): string[] {
  if (!Array.isArray(files)) return [];
  return files
    .filter((f): f is string => typeof f === "string")
    .map((f) => relative(dir, resolve(dir, f)))
    .filter((f) => f !== "" && !f.startsWith("..") && !isAbsolute(f))
    .slice(0, MAX_CHECKED_FILES);
}

/** detect_changes: what the branch changed since it left the project's HEAD, and what is not committed yet. */
export function detectChanges(root: string, dir: string): Record<string, unknown> {
  const base = git(dir, ["merge-base", "HEAD", git(root, ["rev-parse", "HEAD"])]);
  const committed = git(dir, ["diff", "--name-only", `${base}..HEAD`]).split("\n");
  const pending = git(dir, ["status", "--porcelain"])
    .split("\n")
    .map((l) => l.slice(3));
  const files = [...new Set([...committed, ...pending].filter((f) => f !== ""))].sort();
  return { ok: true, source: "archon", base, files };
}

/** verify_semantic_diff: the callers and importers of each changed file, from the project's symbol index. */
export function semanticDiff(
  grounding: ProjectGrounding,
  dir: string,
  files: unknown,
): Record<string, unknown> {
  const impact = inside(dir, files).map((file) => {
    const found = grounding.impact(file);
    return { file, importers: found.importers, callers: found.callers.length };
  });
  return { ok: true, source: "archon", impact };
}

/** check_security_gates: every changed file scanned for credential shapes, line by line. */
export function securityGates(dir: string, files: unknown): Record<string, unknown> {
  const findings: { file: string; line: number; kind: string }[] = [];
  for (const file of inside(dir, files)) {
    const path = resolve(dir, file);
    if (!existsSync(path) || !statSync(path).isFile() || statSync(path).size > MAX_FILE_BYTES) continue;
    // A symbolic link out of the worktree is not read.
    if (relative(dir, realpathSync(path)).startsWith("..")) continue;
    readFileSync(path, "utf8")
      .split(/\r?\n/)
      .forEach((text, i) => {
        const kind = credentialIn(text);
        if (kind) findings.push({ file, line: i + 1, kind });
      });
  }
  return { ok: findings.length === 0, source: "archon", scanned: inside(dir, files).length, findings };
}
