import { realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { importLines, resolveImport } from "./formats/at-imports.js";
import { parseFormats, planRuleImport } from "./import-rules.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const plan = (formats = parseFormats(undefined)) => {
  const ctx = project.context();
  return planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, formats);
};
const items = (formats?: Parameters<typeof plan>[0]) =>
  plan(formats).items.map((i) => ({
    doc_id: i.doc_id,
    title: i.title,
    source_path: i.source_path,
    scope: i.edge_hints.map((h) => h.source_value),
    content: i.content,
  }));

describe("following @path imports of CLAUDE.md and GEMINI.md", () => {
  it("reads imported files recursively, relative to the importing file, with the importer's scope", () => {
    project.write("apps/web/CLAUDE.md", "## Web\nUse the app router.\n@./docs/conventions.md\n");
    project.write(
      "apps/web/docs/conventions.md",
      "## Naming\nKebab-case files.\n\n- @../../../shared/review.md\n",
    );
    project.write("shared/review.md", "## Review\nTwo approvals.\n");
    expect(plan().files).toEqual([
      { file: "apps/web/CLAUDE.md", format: "claude", doc_ids: ["web"], notes: [] },
      {
        file: "apps/web/docs/conventions.md",
        format: "claude",
        doc_ids: ["conventions-naming"],
        notes: ["imported by apps/web/CLAUDE.md"],
      },
      {
        file: "shared/review.md",
        format: "claude",
        doc_ids: ["review"],
        notes: ["imported by apps/web/docs/conventions.md"],
      },
    ]);
    expect(items()).toEqual([
      {
        doc_id: "web",
        title: "Web (apps/web)",
        source_path: "apps/web/CLAUDE.md#L1-L2",
        scope: ["apps/web/**"],
        content: "## Web\nUse the app router.",
      },
      {
        doc_id: "conventions-naming",
        title: "Naming (apps/web)",
        source_path: "apps/web/docs/conventions.md#L1-L2",
        scope: ["apps/web/**"],
        content: "## Naming\nKebab-case files.",
      },
      {
        doc_id: "review",
        title: "Review (apps/web)",
        source_path: "shared/review.md#Review",
        scope: ["apps/web/**"],
        content: "## Review\nTwo approvals.",
      },
    ]);
  });

  it("imports a file that is discovered on its own once, as itself, and follows it when its format is left out", () => {
    project.write("CLAUDE.md", "@AGENTS.md\n");
    project.write("services/api/CLAUDE.md", "@../../AGENTS.md\n");
    project.write("AGENTS.md", "## Testing\nRun the tests.\n");
    expect(plan().files).toEqual([
      { file: "AGENTS.md", format: "agents", doc_ids: ["agents-testing"], notes: [] },
      { file: "CLAUDE.md", format: "claude", doc_ids: [], notes: ["@AGENTS.md is imported on its own"] },
      {
        file: "services/api/CLAUDE.md",
        format: "claude",
        doc_ids: [],
        notes: ["@AGENTS.md is imported on its own"],
      },
    ]);
    expect(plan(["claude"]).files).toEqual([
      { file: "CLAUDE.md", format: "claude", doc_ids: [], notes: [] },
      { file: "AGENTS.md", format: "claude", doc_ids: ["agents-testing"], notes: ["imported by CLAUDE.md"] },
      {
        file: "services/api/CLAUDE.md",
        format: "claude",
        doc_ids: [],
        notes: ["@AGENTS.md is already imported above"],
      },
    ]);
  });

  it("stops five imports deep, at cycles, outside the project, at missing and non-markdown files", () => {
    project.write("GEMINI.md", "@a1.md\n@~/personal.md\n@../outside.md\n@missing.md\n@package.json\n");
    for (let n = 1; n <= 6; n++) project.write(`a${n}.md`, `## Level ${n}\nText ${n}.\n@a${n + 1}.md\n`);
    project.write("package.json", "{}\n");
    const result = plan();
    expect(result.files.map((f) => [f.file, f.notes])).toEqual([
      [
        "GEMINI.md",
        [
          "@~/personal.md is outside the project; not followed",
          "@../outside.md is outside the project; not followed",
          "@missing.md does not exist; nothing imported",
          "@package.json is not a markdown file; not imported",
        ],
      ],
      ["a1.md", ["imported by GEMINI.md"]],
      ["a2.md", ["imported by a1.md"]],
      ["a3.md", ["imported by a2.md"]],
      ["a4.md", ["imported by a3.md"]],
      ["a5.md", ["imported by a4.md", "@a6.md is more than 5 imports deep; not followed"]],
    ]);
    project.write("a2.md", "## Level 2\nText 2.\n@a1.md\n");
    expect(plan().files.find((f) => f.file === "a2.md")?.notes).toEqual([
      "imported by a1.md",
      "@a1.md is already imported above",
    ]);
  });

  it("refuses an import that is a link leading outside the project", () => {
    const outside = tempProject("archon-outside-");
    outside.write("secret.md", "## Secret\nnot yours\n");
    project.write("CLAUDE.md", "@linked.md\n");
    symlinkSync(join(outside.root, "secret.md"), join(project.root, "linked.md"));
    expect(plan().files).toEqual([
      {
        file: "CLAUDE.md",
        format: "claude",
        doc_ids: [],
        notes: [
          `@linked.md: file_path "linked.md" is a symbolic link that leads outside the project root (to ${realpathSync(join(outside.root, "secret.md"))}).`,
        ],
      },
    ]);
    outside.cleanup();
  });

  it("never turns an import line into rule text, and leaves @ in prose and code alone", () => {
    project.write(
      "CLAUDE.md",
      [
        "## Setup",
        "Install @types/node with the other dev dependencies.",
        "```sh",
        "@docs/not-an-import.md",
        "```",
        "@docs/setup.md @docs/env.md",
        "## Style",
        "Short names.",
        "",
      ].join("\n"),
    );
    project.write("docs/setup.md", "Use pnpm.\n");
    project.write("docs/env.md", "Copy .env.example.\n");
    expect(items()).toEqual([
      {
        doc_id: "claude-setup",
        title: "Setup",
        source_path: "CLAUDE.md#L1-L5",
        scope: ["**"],
        content:
          "## Setup\nInstall @types/node with the other dev dependencies.\n```sh\n@docs/not-an-import.md\n```",
      },
      {
        doc_id: "claude-style",
        title: "Style",
        source_path: "CLAUDE.md#Style",
        scope: ["**"],
        content: "## Style\nShort names.",
      },
      {
        doc_id: "setup-overview",
        title: "Instructions from setup.md",
        source_path: "docs/setup.md#L1-L1",
        scope: ["**"],
        content: "Use pnpm.",
      },
      {
        doc_id: "env-overview",
        title: "Instructions from env.md",
        source_path: "docs/env.md#L1-L1",
        scope: ["**"],
        content: "Copy .env.example.",
      },
    ]);
  });
});

describe("recognising import lines", () => {
  it("takes lines of only @paths, bulleted or not, outside code fences", () => {
    expect([
      ...importLines(["@AGENTS.md", "- @docs/a.md", "@./a.md @../b.md", "```", "@y.md", "```"]),
    ]).toEqual([
      [0, ["AGENTS.md"]],
      [1, ["docs/a.md"]],
      [2, ["./a.md", "../b.md"]],
    ]);
  });

  it("takes a short sentence that only points at files, and leaves longer prose, package scopes and code spans alone", () => {
    expect([
      ...importLines([
        "Follow @AGENTS.md.",
        "- See @.github/copilot-instructions.md for the style rules.",
        "Run the unit tests before every push, and when one fails read @docs/testing.md first.",
        "Install @types/node with the other dev dependencies.",
        "Write `@docs/x.md` to import a file.",
      ]),
    ]).toEqual([
      [0, ["AGENTS.md"]],
      [1, [".github/copilot-instructions.md"]],
    ]);
  });

  it("resolves paths against the importing file's folder and refuses ones that leave the project", () => {
    expect(resolveImport("apps/web/CLAUDE.md", "./docs/a.md")).toEqual({ path: "apps/web/docs/a.md" });
    expect(resolveImport("apps/web/CLAUDE.md", "../../AGENTS.md")).toEqual({ path: "AGENTS.md" });
    expect(resolveImport("CLAUDE.md", "../x.md")).toEqual({
      problem: "@../x.md is outside the project; not followed",
    });
    expect(resolveImport("CLAUDE.md", "/etc/x.md")).toEqual({
      problem: "@/etc/x.md is outside the project; not followed",
    });
  });
});
