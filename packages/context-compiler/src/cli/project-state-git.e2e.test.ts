// A project made by hand, the README's step 1 (`archon seed` without setup): its database and local state
// stay out of `git add -A` from the first command, as after setup.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git } from "../test-support/git.js";
import { runCli } from "../test-support/run-cli.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "archon-state-git-"));
  git(root, "init", "-q");
  writeFileSync(
    join(root, "archon.seed.yaml"),
    "documents:\n  - doc_id: api-errors\n    title: API errors\n    content: Return typed errors.\n    patterns: ['src/api/**']\n",
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the first command that makes a folder a project", () => {
  it("keeps the database out of git add -A, and the seed file, the rule files and archon's ignore file in", () => {
    const seeded = runCli(root, ["seed", "archon.seed.yaml"]);
    const compiled = runCli(root, ["compile", "src/api/users.ts"]);
    git(root, "add", "-A");
    const staged = git(root, "diff", "--cached", "--name-only").trim().split("\n").sort();
    expect({ seeded: seeded.code, compiled: compiled.code, staged }).toEqual({
      seeded: 0,
      compiled: 0,
      staged: [".archon/.gitignore", ".archon/rules/api-errors.md", "archon.seed.yaml"],
    });
  });

  it("leaves an .archon/.gitignore a person wrote as it was", () => {
    runCli(root, ["seed", "archon.seed.yaml"]);
    writeFileSync(join(root, ".archon", ".gitignore"), "archon.db\n");
    runCli(root, ["seed", "archon.seed.yaml"]);
    expect(readFileSync(join(root, ".archon", ".gitignore"), "utf8")).toBe("archon.db\n");
  });
});
