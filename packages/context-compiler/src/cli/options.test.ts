import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitAll, git } from "../test-support/git.js";
import { findProjectRoot, resolveGlobalOptions } from "./options.js";

let base: string;
beforeEach(() => {
  // realpath: macOS hands out /var/... for a folder git reports as /private/var/...
  base = realpathSync(mkdtempSync(join(tmpdir(), "archon-root-")));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const folder = (...parts: string[]) => {
  const path = join(base, ...parts);
  mkdirSync(path, { recursive: true });
  return path;
};

describe("finding the project root from the working folder", () => {
  it("takes the nearest folder holding .archon/, from any subfolder", () => {
    folder("shop", ".archon");
    const deep = folder("shop", "src", "app", "api");
    expect(findProjectRoot(deep)).toBe(join(base, "shop"));
    expect(findProjectRoot(join(base, "shop"))).toBe(join(base, "shop"));
  });

  it("falls back to the git top level, then to the working folder itself", () => {
    const repo = folder("repo");
    git(repo, "init", "-q", "-b", "main");
    expect(findProjectRoot(folder("repo", "packages", "api"))).toBe(repo);
    expect(findProjectRoot(folder("loose", "notes"))).toBe(join(base, "loose", "notes"));
  });

  it("gives a git worktree its own root, even one inside the main checkout that has .archon/", () => {
    const repo = folder("repo");
    writeFileSync(join(folder("repo", "src"), "index.ts"), "export {};\n");
    commitAll(repo, "first", true);
    folder("repo", ".archon");
    git(repo, "worktree", "add", "-q", join(repo, ".worktrees", "feature"));
    const inside = folder("repo", ".worktrees", "feature", "src");
    expect(findProjectRoot(inside)).toBe(join(repo, ".worktrees", "feature"));
    expect(findProjectRoot(join(repo, "src"))).toBe(repo);
  });
});

describe("the global options", () => {
  it("find the root when --project-root is left out, and resolve a given one against the working folder", () => {
    folder("shop", ".archon");
    const sub = folder("shop", "src");
    expect(resolveGlobalOptions({}, sub)).toEqual({
      surface: "agent",
      projectRoot: join(base, "shop"),
      db: join(base, "shop", ".archon", "archon.db"),
      templates: undefined,
    });
    expect(resolveGlobalOptions({ projectRoot: "..", db: "kb.db" }, sub)).toMatchObject({
      projectRoot: join(base, "shop"),
      db: join(base, "shop", "kb.db"),
    });
  });

  it("refuses a project root that is not a folder, with a hint", () => {
    expect(() => resolveGlobalOptions({ projectRoot: join(base, "missing") })).toThrow(
      `--project-root ${join(base, "missing")} is not a directory.`,
    );
  });
});
