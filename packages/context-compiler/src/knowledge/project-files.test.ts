import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { filesByGlob, listProjectFiles } from "./project-files.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const gitHere = (...args: string[]) => git(project.root, ...args);

describe("the project's file list", () => {
  it("walks the folder outside git, skipping node_modules, .git, dist and .archon", () => {
    for (const f of [
      "src/a.ts",
      "src/b/c.ts",
      "node_modules/x/index.js",
      "dist/a.js",
      ".github/ci.yml",
      "README.md",
    ])
      project.write(f, "x");
    project.context(); // creates .archon/archon.db
    expect(listProjectFiles(project.root)).toEqual({
      files: [".github/ci.yml", "README.md", "src/a.ts", "src/b/c.ts"],
      source: "walk",
      truncated: false,
    });
  });

  it("says when the walk stopped at its bound", () => {
    for (const f of ["a.ts", "b.ts", "c.ts"]) project.write(f, "x");
    expect(listProjectFiles(project.root, 2)).toEqual({
      files: ["a.ts", "b.ts"],
      source: "walk",
      truncated: true,
    });
  });

  it("counts only the files a search keeps toward the bound, so unrelated files never crowd one out", () => {
    for (const f of ["a.ts", "b.ts", "c.ts", "d.ts", "rules/x.mdc", "rules/y.mdc"]) project.write(f, "x");
    const mdc = (file: string) => file.endsWith(".mdc");
    expect(listProjectFiles(project.root, 2, mdc)).toEqual({
      files: ["rules/x.mdc", "rules/y.mdc"],
      source: "walk",
      truncated: false,
    });
    project.write("rules/z.mdc", "x");
    expect(listProjectFiles(project.root, 2, mdc)).toEqual({
      files: ["rules/x.mdc", "rules/y.mdc"],
      source: "walk",
      truncated: true,
    });
  });

  it("asks git for tracked and untracked-but-not-ignored files", () => {
    project.write(".gitignore", "ignored/\n");
    project.write("src/a.ts", "x");
    project.write("ignored/b.ts", "x");
    gitHere("init", "-q", "-b", "main");
    gitHere("add", "-A");
    gitHere("commit", "-q", "-m", "initial");
    project.write("src/new file.ts", "x");
    expect(listProjectFiles(project.root)).toEqual({
      files: [".gitignore", "src/a.ts", "src/new file.ts"],
      source: "git",
      truncated: false,
    });
  });

  it("lists a project inside a larger repository relative to the project root", () => {
    project.write("app/src/a.ts", "x");
    project.write("other/b.ts", "x");
    gitHere("init", "-q", "-b", "main");
    expect(listProjectFiles(`${project.root}/app`).files).toEqual(["src/a.ts"]);
  });
});

describe("files by glob", () => {
  it("lists each glob's matching files, in file order", () => {
    const files = ["README.md", "src/api/a.ts", "src/api/b.test.ts", "src/ui/c.tsx"];
    expect(Object.fromEntries(filesByGlob(["src/**", "**/*.test.ts", "docs/**"], files))).toEqual({
      "src/**": ["src/api/a.ts", "src/api/b.test.ts", "src/ui/c.tsx"],
      "**/*.test.ts": ["src/api/b.test.ts"],
      "docs/**": [],
    });
  });
});
