import { spawnSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { classify, discoverRuleFiles } from "./discover-rule-files.js";
import { parseFormats, planRuleImport } from "./import-rules.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const git = (...args: string[]) => {
  const r = spawnSync("git", args, { cwd: project.root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
};
const found = (formats = parseFormats(undefined)) => {
  const r = discoverRuleFiles(project.root, new Set(formats));
  return { method: r.method, truncated: r.truncated, files: r.files.map((f) => `${f.format} ${f.file}`) };
};

describe("discovering instruction files", () => {
  it("walks the folder when it is not a git repository, skipping node_modules, .git, dist and .archon", () => {
    for (const path of [
      "CLAUDE.md",
      "b/AGENTS.md",
      "node_modules/x/CLAUDE.md",
      "dist/AGENTS.md",
      ".archon/CLAUDE.md",
    ])
      project.write(path, "## A\ntext\n");
    project.write(".cursor/rules/a.mdc", "x");
    expect(found()).toEqual({
      method: "walk",
      truncated: false,
      files: ["cursor .cursor/rules/a.mdc", "claude CLAUDE.md", "agents b/AGENTS.md"],
    });
  });

  it("uses git ls-files in a repository: tracked and untracked files, never ignored ones", () => {
    git("init", "-q");
    project.write(".gitignore", "ignored/\n");
    project.write("CLAUDE.md", "## Tracked\nx\n");
    project.write("untracked/AGENTS.md", "## New\nx\n");
    project.write("ignored/AGENTS.md", "## Ignored\nx\n");
    project.write("node_modules/lib/CLAUDE.md", "## Vendor\nx\n");
    git("add", "CLAUDE.md");
    expect(found()).toEqual({
      method: "git",
      truncated: false,
      files: ["claude CLAUDE.md", "agents untracked/AGENTS.md"],
    });
  });

  it("keeps only the formats asked for", () => {
    project.write("CLAUDE.md", "## A\nx\n");
    project.write(".github/copilot-instructions.md", "x\n");
    expect(found(["copilot"]).files).toEqual(["copilot .github/copilot-instructions.md"]);
  });

  it("refuses, per file, a rule file that is a link leading outside the project", () => {
    const outside = tempProject("archon-outside-");
    outside.write("secret.md", "## Secret\nnot yours\n");
    git("init", "-q");
    project.write("CLAUDE.md", "## Ours\ntext\n");
    project.write(".cursor/rules/.keep", "");
    symlinkSync(join(outside.root, "secret.md"), join(project.root, ".cursor/rules/linked.mdc"));
    const ctx = project.context();
    const plan = planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, ["claude", "cursor"]);
    expect(plan.files).toEqual([
      {
        file: ".cursor/rules/linked.mdc",
        format: "cursor",
        doc_ids: [],
        notes: [
          `file_path ".cursor/rules/linked.mdc" is a symbolic link that leads outside the project root (to ${join(outside.root, "secret.md")}).`,
        ],
      },
      { file: "CLAUDE.md", format: "claude", doc_ids: ["claude-ours"], notes: [] },
    ]);
    outside.cleanup();
  });
});

describe("telling formats apart by path", () => {
  it("classifies each location, and nothing else: never a deployed skill", () => {
    const formatOf = (path: string) => classify(path)?.format ?? null;
    expect(
      [
        "CLAUDE.md",
        "a/b/AGENTS.md",
        ".cursor/rules/x.mdc",
        "apps/web/.cursor/rules/deep/y.mdc",
        ".github/copilot-instructions.md",
        ".github/instructions/api.instructions.md",
        ".claude/rules/testing.md",
        ".windsurf/rules/x.md",
        ".clinerules/x.md",
        ".clinerules",
        ".continue/rules/x.md",
        ".kiro/steering/x.md",
        "GEMINI.md",
        "apps/web/.cursorrules",
        ".cursor/rules/readme.md",
        ".github/instructions/notes.md",
        "docs/claude.md",
        ".claude/skills/archon-setup/SKILL.md",
        ".cursor/skills/rules/AGENTS.md",
      ].map(formatOf),
    ).toEqual([
      "claude",
      "agents",
      "cursor",
      "cursor",
      "copilot",
      "copilot",
      "claude",
      "windsurf",
      "cline",
      "cline",
      "continue",
      "kiro",
      "gemini",
      "cursor",
      // Cursor reads plain .md rules in .cursor/rules/ as well as .mdc.
      "cursor",
      null,
      null,
      null,
      null,
    ]);
  });
});
