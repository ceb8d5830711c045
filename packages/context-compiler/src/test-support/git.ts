// Real git in test folders, with a fixed identity and date so history is the same on every run.
import { execFileSync } from "node:child_process";
import { personEnv } from "./person-env.js";

const AT = "2026-01-01T00:00:00Z";

export const fixedGitEnv: NodeJS.ProcessEnv = {
  ...personEnv(),
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_AUTHOR_DATE: AT,
  GIT_COMMITTER_DATE: AT,
};

/** Runs git in `root`; throws with git's own message on failure. */
export function git(root: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd: root, env: fixedGitEnv, stdio: "pipe", encoding: "utf8" });
}

/** `git init` (branch main), add everything, and one commit. */
export function commitAll(root: string, message: string, init = false): void {
  if (init) git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", message);
}
