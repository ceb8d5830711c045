// The post-implementation checks Archon serves in-process, on a real repository, worktree and Archon database.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openGrounding } from "archon/grounding";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolCallAction } from "../run-model/protocol.js";
import { archonCodebaseServer } from "./codebase-server.js";

const ARCHON_BIN = fileURLToPath(new URL("../../../context-compiler/bin/archon.js", import.meta.url));
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};
// Shaped like a live key, built at run time so no scanner mistakes this file for a leak.
const LEAKED = ["sk", "live", "4eC39HqLyjWDarjtT1zdp7dc9Z"].join("_");

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function repo(): { root: string; worktree: string; git: (cwd: string, ...args: string[]) => string } {
  const base = mkdtempSync(join(tmpdir(), "prd-post-impl-tools-"));
  roots.push(base);
  const root = join(base, "project");
  const worktree = join(base, "worktree");
  mkdirSync(root);
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, env: GIT_ENV, stdio: "pipe", encoding: "utf8" });
  write(root, {
    "src/billing/charge.ts": 'import { key } from "./config";\nexport const charge = () => key;\n',
    "src/billing/config.ts": 'export const key = process.env.STRIPE_KEY ?? "";\n',
    "archon.seed.yaml":
      'documents:\n  - doc_id: keys-from-env\n    title: Keys come from the environment\n    content: "Read keys from the environment."\n    patterns: ["src/**"]\n',
  });
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "initial");
  execFileSync(process.execPath, [ARCHON_BIN, "seed", "archon.seed.yaml"], {
    cwd: root,
    env: GIT_ENV,
    stdio: "pipe",
  });
  execFileSync(process.execPath, [ARCHON_BIN, "reindex-symbols"], { cwd: root, env: GIT_ENV, stdio: "pipe" });
  git(root, "worktree", "add", "-q", "-b", "feat/recurring", worktree);
  write(worktree, { "src/billing/config.ts": `export const key = "${LEAKED}";\n` });
  git(worktree, "commit", "-q", "-am", "hard-code the key");
  write(worktree, { "src/billing/schedule.ts": "export const every = 'month';\n" });
  return { root, worktree, git };
}

function ask(root: string, tool: string, args: Record<string, unknown>) {
  const grounding = openGrounding(root);
  if (!grounding) throw new Error("expected an Archon database");
  try {
    const call: ToolCallAction = {
      kind: "call_pipeline_tool",
      tool_name: tool,
      arguments: args,
      correlation_id: "c1",
    };
    return archonCodebaseServer(grounding).answer(call);
  } finally {
    grounding.close();
  }
}

describe("post-implementation checks served by Archon", () => {
  it("lists the branch's committed and pending changes from git", () => {
    const { root, worktree, git } = repo();
    const answer = ask(root, "detect_changes", { path: worktree });
    expect(answer).toEqual({
      kind: "tool_result",
      correlation_id: "c1",
      success: true,
      data: {
        ok: true,
        source: "archon",
        base: git(root, "rev-parse", "HEAD").trim(),
        files: ["src/billing/config.ts", "src/billing/schedule.ts"],
      },
    });
  });

  it("finds a credential in a changed file and fails the security gate, naming file and line only", () => {
    const { root, worktree } = repo();
    const answer = ask(root, "check_security_gates", {
      path: worktree,
      files: ["src/billing/config.ts", "src/billing/schedule.ts", "../project/archon.seed.yaml"],
    });
    expect(answer.data).toEqual({
      ok: false,
      source: "archon",
      scanned: 2,
      findings: [{ file: "src/billing/config.ts", line: 1, kind: "secret API key" }],
    });
    expect(JSON.stringify(answer)).not.toContain(LEAKED);
  });

  it("gives each changed file's importers from the symbol index", () => {
    const { root, worktree } = repo();
    const answer = ask(root, "verify_semantic_diff", { path: worktree, files: ["src/billing/config.ts"] });
    expect(answer.data).toEqual({
      ok: true,
      source: "archon",
      impact: [{ file: "src/billing/config.ts", importers: ["src/billing/charge.ts"], callers: 0 }],
    });
  });

  it("refuses a checkout of another repository, so a footer cannot point it elsewhere", () => {
    const { root } = repo();
    const other = mkdtempSync(join(tmpdir(), "prd-other-repo-"));
    roots.push(other);
    execFileSync("git", ["init", "-q"], { cwd: other, env: GIT_ENV });
    const answer = ask(root, "check_security_gates", { path: other, files: ["a.ts"] });
    expect(answer).toMatchObject({ success: false });
    expect(answer.error).toContain(`is not a worktree of ${root}`);
  });
});
