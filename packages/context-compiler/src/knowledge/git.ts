// Read-only git queries, fail-open: no git, no repository or a failing command gives undefined.
import { spawnSync } from "node:child_process";

const GIT_TIMEOUT_MS = 15_000;
const GIT_MAX_BUFFER = 64 * 1024 * 1024;

/** A user's pager or prompt configuration must never block or reshape git's output. */
const gitEnv = (): NodeJS.ProcessEnv => ({ ...process.env, GIT_PAGER: "cat", GIT_TERMINAL_PROMPT: "0" });

/** Stdout of `git <args>` run in `cwd`, or undefined when git is missing or the command fails. */
export function runGit(cwd: string, args: readonly string[]): string | undefined {
  const result = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: GIT_MAX_BUFFER,
    env: gitEnv(),
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

/** The blobs `oids` name, read in one `git cat-file --batch`; a missing one is left out. */
export function readGitBlobs(cwd: string, oids: readonly string[]): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (oids.length === 0) return out;
  const result = spawnSync("git", ["cat-file", "--batch"], {
    cwd,
    input: `${oids.join("\n")}\n`,
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: 1024 * 1024 * 1024,
    env: gitEnv(),
  });
  if (result.error || result.status !== 0) return out;
  const data = result.stdout;
  let at = 0;
  while (at < data.length) {
    const eol = data.indexOf(10, at);
    if (eol < 0) break;
    const [oid, type, size] = data.subarray(at, eol).toString("utf8").split(" ");
    if (type === "missing" || size === undefined) {
      at = eol + 1;
      continue;
    }
    const length = Number(size);
    out.set(oid as string, data.subarray(eol + 1, eol + 1 + length));
    at = eol + 1 + length + 1;
  }
  return out;
}
