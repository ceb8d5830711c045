import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { changedTree, diskTree, nativeContext } from "./native-context.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  for (const [path, text] of Object.entries(FILES)) project.write(path, text);
});
afterEach(() => project.cleanup());

const FILES: Record<string, string> = {
  "CLAUDE.md":
    "# Guide\n@docs/claude/style.md\n```\n@docs/not-imported.md\n```\nSee `@docs/also-not.md`.\n@~/personal.md\n",
  "docs/claude/style.md": "Style.\n@../../CLAUDE.md\n@testing.md\n",
  "docs/claude/testing.md": "Testing.\n",
  "docs/not-imported.md": "never attached\n",
  "docs/also-not.md": "never attached either\n",
  "apps/web/CLAUDE.md": "Web notes.\n",
  ".claude/rules/general.md": "Everywhere.\n",
  ".claude/rules/api.md": '---\npaths: ["packages/api/**"]\n---\nAPI only.\n',
  ".claude/rules/web.md": "---\npaths: apps/web/**/*.tsx\n---\nWeb only.\n",
  "AGENTS.md": "Root agents.\n",
  "apps/AGENTS.md": "Apps agents.\n",
  "apps/web/AGENTS.md": "Web agents.\n",
  "packages/api/AGENTS.md": "API agents.\n",
  ".cursor/rules/always.mdc": "---\nalwaysApply: true\n---\nAlways.\n",
  ".cursor/rules/tsx.mdc": "---\nglobs: *.tsx\nalwaysApply: false\n---\nAny tsx.\n",
  ".cursor/rules/described.mdc": "---\ndescription: Auth\n---\nOnly when judged relevant.\n",
  "apps/web/.cursor/rules/pages.mdc": "---\nglobs: src/**\n---\nWeb pages.\n",
  ".cursorrules": "Legacy cursor rules.\n",
  ".github/copilot-instructions.md": "Copilot everywhere.\n",
  ".github/instructions/web.instructions.md": '---\napplyTo: "apps/web/**"\n---\nCopilot web.\n',
  ".github/instructions/api.instructions.md": '---\napplyTo: "packages/api/**"\n---\nCopilot api.\n',
  "apps/web/src/page.tsx": "export {};\n",
};

const attached = (...paths: string[]) => {
  const files = paths.map((path) => ({ path, bytes: Buffer.byteLength(FILES[path] as string) }));
  return { files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
};

describe("what each agent attaches to every prompt", () => {
  it("follows CLAUDE.md imports once each, outside code, and takes unscoped rules and always-apply rules", () => {
    expect(nativeContext(diskTree(project.root))).toEqual([
      {
        agent: "claude",
        ...attached(
          "CLAUDE.md",
          "docs/claude/style.md",
          "docs/claude/testing.md",
          ".claude/rules/general.md",
        ),
      },
      { agent: "codex", ...attached("AGENTS.md") },
      { agent: "cursor", ...attached("AGENTS.md", ".cursorrules", ".cursor/rules/always.mdc") },
      { agent: "copilot", ...attached(".github/copilot-instructions.md") },
    ]);
  });
});

describe("what each agent attaches for one target file", () => {
  it("adds the nested files on the path to the file and the rules whose globs match it", () => {
    expect(nativeContext(diskTree(project.root), "apps/web/src/page.tsx")).toEqual([
      {
        agent: "claude",
        ...attached(
          "CLAUDE.md",
          "docs/claude/style.md",
          "docs/claude/testing.md",
          "apps/web/CLAUDE.md",
          ".claude/rules/general.md",
          ".claude/rules/web.md",
        ),
      },
      { agent: "codex", ...attached("AGENTS.md", "apps/AGENTS.md", "apps/web/AGENTS.md") },
      {
        agent: "cursor",
        ...attached(
          "AGENTS.md",
          "apps/AGENTS.md",
          "apps/web/AGENTS.md",
          ".cursorrules",
          ".cursor/rules/always.mdc",
          ".cursor/rules/tsx.mdc",
          "apps/web/.cursor/rules/pages.mdc",
        ),
      },
      {
        agent: "copilot",
        ...attached(".github/copilot-instructions.md", ".github/instructions/web.instructions.md"),
      },
    ]);
  });
});

describe("the tree a migration would leave", () => {
  it("counts replaced files at their new size and removed files not at all", () => {
    const tree = changedTree(
      diskTree(project.root),
      new Map<string, string | null>([
        ["AGENTS.md", "short\n"],
        [".cursor/rules/always.mdc", null],
        [".cursorrules", null],
      ]),
    );
    expect(nativeContext(tree).map((c) => [c.agent, c.bytes])).toEqual([
      [
        "claude",
        attached("CLAUDE.md", "docs/claude/style.md", "docs/claude/testing.md", ".claude/rules/general.md")
          .bytes,
      ],
      ["codex", 6],
      ["cursor", 6],
      ["copilot", attached(".github/copilot-instructions.md").bytes],
    ]);
  });
});
