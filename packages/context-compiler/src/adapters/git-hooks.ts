// Git hooks: a managed, fail-open block in .git/hooks/pre-commit and post-merge, beside the user's own script.
import { isAbsolute, relative, resolve } from "node:path";
import { runGit } from "../knowledge/git.js";
import { SHELL_BLOCK } from "../vocabulary/markers.js";
import type { AdapterConfig } from "./adapter-config.js";
import { upsertBlock } from "./markers.js";

export const GIT_HOOKS = ["pre-commit", "post-merge"] as const;
export type GitHook = (typeof GIT_HOOKS)[number];

/** What both hooks run; quiet, so a commit or merge that brings no rule prints nothing. */
const COMMAND = "sync-rules";

const PURPOSE: Record<GitHook, { flags: string; why: string }> = {
  "pre-commit": { flags: "--quiet", why: "keeps shared rules synced into the knowledge base" },
  "post-merge": {
    flags: "--check-latest --quiet",
    why: "syncs shared rules and checks once for a newer rules package",
  },
};

/** The block, marker lines included. `|| echo` keeps it fail-open even under `set -e`. */
export function renderGitHookBlock(hook: GitHook, config: AdapterConfig): string {
  const { flags, why } = PURPOSE[hook];
  return [
    SHELL_BLOCK.start,
    `# Written by archon deploy-adapters: ${why}. Fails open: it never blocks a ${hook === "pre-commit" ? "commit" : "merge"}.`,
    `${config.commands.git} ${COMMAND} ${flags} || echo "archon: ${COMMAND} failed; continuing without it" >&2`,
    SHELL_BLOCK.end,
    "",
  ].join("\n");
}

/**
 * The absolute path git uses for `name` inside its own folder (`hooks`, `info/exclude`), with
 * core.hooksPath and worktrees honoured, or undefined outside a git repository.
 */
export function gitPath(projectRoot: string, name: string): string | undefined {
  const out = runGit(projectRoot, ["rev-parse", "--git-path", name])?.trim();
  if (!out) return undefined;
  return isAbsolute(out) ? out : resolve(projectRoot, out);
}

export const gitHooksDir = (projectRoot: string) => gitPath(projectRoot, "hooks");

/** The folder git keeps its shared state in (the main checkout's `.git` for a worktree). */
export function gitCommonDir(projectRoot: string): string | undefined {
  const out = runGit(projectRoot, ["rev-parse", "--git-common-dir"])?.trim();
  if (!out) return undefined;
  return isAbsolute(out) ? out : resolve(projectRoot, out);
}

/** A path relative to the project root with forward slashes (`.git/hooks/pre-commit`). */
export const projectRelative = (projectRoot: string, absolute: string) =>
  relative(projectRoot, absolute).split("\\").join("/");

export type HookScriptPlan = { kind: "write"; text: string } | { kind: "conflict"; reason: string };

/**
 * The script with archon's block in place: a new script when there is none, the block replaced or appended
 * otherwise. A script written for another interpreter is not ours to extend.
 */
export function planHookScript(path: string, existing: string | undefined, block: string): HookScriptPlan {
  if (existing === undefined || existing.trim() === "")
    return { kind: "write", text: `#!/bin/sh\n\n${block}` };
  const shebang = /^#!(.*)$/m.exec(existing.split("\n", 1)[0] ?? "")?.[1];
  if (shebang !== undefined && !/\b(sh|bash|zsh|dash|ksh)\b/.test(shebang)) {
    return {
      kind: "conflict",
      reason: `${path} runs "${shebang.trim()}", not a POSIX shell; add the archon command to it yourself`,
    };
  }
  return { kind: "write", text: upsertBlock(path, existing, block, SHELL_BLOCK) };
}
