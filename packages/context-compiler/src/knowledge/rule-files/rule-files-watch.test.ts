import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitAll, git } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

let project: TestProject;
let wrapper: string;
const saved = { PATH: process.env.PATH };

/** The rule text a process that opens now compiles for src/a.ts. */
const delivered = (root: TestProject = project) => {
  const ctx = root.context("agent");
  try {
    return ctx.compiler.compile({ target_files: ["src/a.ts"] }).base.documents.map((d) => d.content ?? null);
  } finally {
    ctx.close();
  }
};

/** Every git command started while `work` runs, through a `git` on PATH that logs and runs the real one. */
function gitRuns(work: () => void): string[] {
  const log = join(wrapper, "log");
  writeFileSync(log, "");
  process.env.PATH = `${wrapper}:${saved.PATH}`;
  try {
    work();
  } finally {
    process.env.PATH = saved.PATH;
  }
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

const editRule = (root: string, text: string) => {
  const path = join(root, ".archon/rules/api.md");
  const file = readFileSync(path, "utf8");
  writeFileSync(path, `${file.slice(0, file.indexOf("\n---\n") + 5)}${text}\n`);
};

beforeEach(() => {
  project = tempProject("archon-watch-");
  wrapper = mkdtempSync(join(tmpdir(), "archon-git-log-"));
  const real = (saved.PATH ?? "")
    .split(":")
    .map((dir) => join(dir, "git"))
    .find((path) => existsSync(path));
  writeFileSync(join(wrapper, "git"), `#!/bin/sh\necho "$*" >> "${wrapper}/log"\nexec ${real} "$@"\n`);
  chmodSync(join(wrapper, "git"), 0o755);
  seed(project.context(), { documents: [doc("api", { patterns: ["src/**"], content: "Answer 422." })] });
  commitAll(project.root, "rules", true);
});

afterEach(() => {
  process.env.PATH = saved.PATH;
  project.cleanup();
  rmSync(wrapper, { recursive: true, force: true });
});

describe("a process that opens at the commit absorbed last", () => {
  it("starts no git for the rule files, and one that opens after a commit reads it", () => {
    delivered();
    const steady = gitRuns(() => delivered());
    editRule(project.root, "Answer 400.");
    commitAll(project.root, "400");
    let after: (string | null)[] = [];
    const moved = gitRuns(() => {
      after = delivered();
    });
    const command = (run: string) => run.replace(/^-c \S+ /, "").split(" ")[0];
    expect({ steady, after, asked: moved.map(command) }).toEqual({
      steady: [],
      after: ["Answer 400.\n"],
      asked: ["rev-parse", "rev-parse", "ls-tree", "cat-file", "log"],
    });
  });

  it("reads a branch switch and the switch back", () => {
    git(project.root, "checkout", "-q", "-b", "other");
    editRule(project.root, "Answer 418.");
    commitAll(project.root, "418");
    const onOther = delivered();
    git(project.root, "checkout", "-q", "main");
    expect([onOther, delivered()]).toEqual([["Answer 418.\n"], ["Answer 422."]]);
  });

  it("reads a commit whose ref git keeps only in packed-refs", () => {
    delivered();
    editRule(project.root, "Answer 400.");
    commitAll(project.root, "400");
    git(project.root, "pack-refs", "--all");
    expect(existsSync(join(project.root, ".git/refs/heads/main"))).toBe(false);
    expect(delivered()).toEqual(["Answer 400.\n"]);
  });

  it("reads a linked work tree's own branch, and starts no git there either once it is absorbed", () => {
    git(project.root, "branch", "other");
    const linked = tempProject("archon-watch-linked-");
    rmSync(linked.root, { recursive: true, force: true });
    git(project.root, "worktree", "add", "-q", linked.root, "other");
    try {
      editRule(linked.root, "Answer 409.");
      commitAll(linked.root, "409");
      const first = delivered(linked);
      expect({ first, steady: gitRuns(() => delivered(linked)), main: delivered() }).toEqual({
        first: ["Answer 409.\n"],
        steady: [],
        main: ["Answer 422."],
      });
    } finally {
      linked.cleanup();
    }
  });
});

describe("a process that stays open while an absorption fails", () => {
  it("absorbs the commit at its next compile once the database can be written again", () => {
    const ctx = project.context("agent");
    const blocker = new Database(project.dbPath);
    try {
      const compile = () => {
        try {
          const result = ctx.compiler.compile({ target_files: ["src/a.ts"] });
          return { rules: result.base.documents.map((d) => d.content ?? null), warnings: result.warnings };
        } catch (error) {
          return { failed: (error as Error).message.split("\n")[0] };
        }
      };
      compile();
      editRule(project.root, "Answer 400.");
      commitAll(project.root, "400");
      // Another process holds the write lock longer than this connection waits.
      ctx.kdb.db.pragma("busy_timeout = 20");
      blocker.exec("BEGIN IMMEDIATE");
      const locked = compile();
      blocker.exec("ROLLBACK");
      expect({ locked: "failed" in locked || locked.rules[0] === "Answer 422.", after: compile() }).toEqual({
        locked: true,
        after: { rules: ["Answer 400.\n"], warnings: [] },
      });
    } finally {
      blocker.close();
      ctx.close();
    }
  });
});

describe("a folder outside git", () => {
  it("reads a rule file edited in place at the next open, its folder's time unchanged", () => {
    const outside = tempProject("archon-watch-outside-");
    try {
      seed(outside.context(), { documents: [doc("api", { patterns: ["src/**"], content: "Answer 422." })] });
      delivered(outside);
      editRule(outside.root, "Answer 451.");
      expect(delivered(outside)).toEqual(["Answer 451.\n"]);
    } finally {
      outside.cleanup();
    }
  });
});
