// Read-only git queries, fail-open: no git, no repository or a failing command gives undefined.
import { spawnSync } from "node:child_process";

const GIT_TIMEOUT_MS = 15_000;
const GIT_MAX_BUFFER = 64 * 1024 * 1024;

/** Stdout of `git <args>` run in `cwd`, or undefined when git is missing or the command fails. */
export function runGit(cwd: string, args: readonly string[]): string | undefined {
  const result = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: GIT_MAX_BUFFER,
    // A user's pager or prompt configuration must never block or reshape the output.
    env: { ...process.env, GIT_PAGER: "cat", GIT_TERMINAL_PROMPT: "0" },
  });
  if (result.error || result.status !== 0) return undefined;
  return result.stdout;
}

/**
 * Files that changed in each of the last `limit` commits, paths relative to `cwd` (--relative keeps a
 * project that is a subfolder of a larger repository to its own files). Merges list nothing.
 */
export function recentCommitFiles(cwd: string, limit: number): string[][] | undefined {
  const out = runGit(cwd, [
    "-c",
    "core.quotepath=off",
    "log",
    `-n${limit}`,
    "--no-renames",
    "--relative",
    "--name-only",
    "--format=%x1e",
  ]);
  if (out === undefined) return undefined;
  return out
    .split("\x1e")
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .filter((files) => files.length > 0);
}
