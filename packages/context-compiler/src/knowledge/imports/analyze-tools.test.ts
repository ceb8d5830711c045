import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analyzeDocTool } from "../../mcp/admin/analyze-doc.tool.js";
import { analyzeImportBatchTool } from "../../mcp/admin/analyze-import-batch.tool.js";
import { dbState } from "../../test-support/db-state.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { AnalyzeResult } from "./analyze-docs.js";

type DocResult = Omit<AnalyzeResult, "files"> & { file: string };

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const RULES = [
  "# Team rules",
  "",
  "These rules came from our wiki.",
  "",
  "## Errors",
  "Never throw strings from `src/api/`; use the error classes in src/api/errors.ts.",
  "",
  "## Query example",
  "```ts",
  "const rows = await db.select().from(users);",
  "```",
  "",
  "## Big",
  "word ".repeat(900),
].join("\n");

describe("analyze_doc", () => {
  it("suggests one item per ## unit with kind, tags, edge hints, anchor and flags", () => {
    project.write("docs/rules.md", RULES);
    const ctx = project.context();
    seed(ctx, {
      documents: [
        doc("rules-errors", {
          title: "API errors",
          content: "Never throw strings from the api; use the error classes.",
          patterns: ["src/**"],
        }),
      ],
    });
    const result = analyzeDocTool.run({ file_path: "./docs/rules.md" }, ctx) as DocResult;
    expect(result.file).toBe("docs/rules.md");
    expect(result.warnings).toEqual([]);
    expect(result.items.map(({ content: _, ...rest }) => rest)).toEqual([
      {
        doc_id: "rules-team-rules",
        title: "Team rules",
        kind: "guideline",
        kind_reason: "default",
        suggested_tags: [],
        edge_hints: [],
        source_path: "docs/rules.md#L1-L3",
        bytes: 45,
        flags: [{ flag: "no_edge_hints" }],
      },
      {
        doc_id: "rules-errors-2",
        title: "Errors",
        kind: "constraint",
        kind_reason: "obligation-wording",
        suggested_tags: ["api", "errors"],
        edge_hints: [
          { edge_type: "path_requires", source_value: "src/api/**" },
          { edge_type: "path_requires", source_value: "src/api/errors.ts" },
        ],
        source_path: "docs/rules.md#Errors",
        bytes: 90,
        flags: [{ flag: "overlap", doc_id: "rules-errors", score: 0.8 }],
      },
      {
        doc_id: "rules-query-example",
        title: "Query example",
        kind: "pattern",
        kind_reason: "example-heavy",
        suggested_tags: ["database"],
        edge_hints: [],
        source_path: "docs/rules.md#Query example",
        bytes: 70,
        flags: [{ flag: "no_edge_hints" }],
      },
      {
        doc_id: "rules-big",
        title: "Big",
        kind: "guideline",
        kind_reason: "default",
        suggested_tags: [],
        edge_hints: [],
        source_path: "docs/rules.md#Big",
        bytes: 4506,
        flags: [{ flag: "no_edge_hints" }, { flag: "oversize", bytes: 4506, limit: 4096 }],
      },
    ]);
    expect(result.items[1]?.content).toBe(
      "## Errors\nNever throw strings from `src/api/`; use the error classes in src/api/errors.ts.",
    );
    expect(result.next_step).toContain("execute_import_plan");
  });

  it("changes nothing in the database", () => {
    project.write("docs/rules.md", RULES);
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { patterns: ["src/**"] })] });
    const before = dbState(ctx.kdb.db);
    analyzeDocTool.run({ file_path: "docs/rules.md" }, ctx);
    analyzeImportBatchTool.run({ file_paths: ["docs/rules.md"] }, ctx);
    expect(dbState(ctx.kdb.db)).toEqual(before);
  });

  it("refuses a path outside the project root, and a missing file, with what to do", () => {
    const ctx = project.context();
    expect(() => analyzeDocTool.run({ file_path: "../elsewhere.md" }, ctx)).toThrow(
      /file_path "\.\.\/elsewhere\.md" is outside the project root/,
    );
    expect(() => analyzeImportBatchTool.run({ file_paths: ["docs/a.md", "docs/none.md"] }, ctx)).toThrow(
      /file_paths\[0\] "docs\/a\.md" does not exist/,
    );
  });

  it("flags a likely secret and a unit already imported from the same anchor", () => {
    project.write("docs/keys.md", "## Keys\nThe key is AKIAABCDEFGHIJKLMNOP, see `infra/`.\n");
    const ctx = project.context();
    seed(ctx, { documents: [doc("keys", { source_path: "docs/keys.md#Keys", patterns: ["infra/**"] })] });
    const result = analyzeDocTool.run({ file_path: "docs/keys.md" }, ctx) as DocResult;
    expect(result.items.map((i) => [i.doc_id, i.flags])).toEqual([
      [
        "keys-2",
        [
          { flag: "already_imported", doc_id: "keys", status: "approved" },
          { flag: "secret", warning: "Possible AWS access key id in the content." },
        ],
      ],
    ]);
  });
});

describe("analyze_import_batch", () => {
  it("keeps doc_ids unique across the batch and flags overlap between its items", () => {
    const testing = "## Testing\nRun vitest before pushing and keep fixtures in `tests/fixtures/`.\n";
    project.write("a/rules.md", testing);
    project.write("b/rules.md", `${testing}\n## Other\nUnrelated words entirely.\n`);
    project.write("c/empty.md", "# Only a title\n");
    const ctx = project.context();
    const result = analyzeImportBatchTool.run(
      { file_paths: ["a/rules.md", "b/rules.md", "a/rules.md", "c/empty.md"] },
      ctx,
    ) as AnalyzeResult;
    expect(result.files).toEqual([
      { file: "a/rules.md", units: 1 },
      { file: "b/rules.md", units: 2 },
      { file: "c/empty.md", units: 0 },
    ]);
    expect(result.warnings).toEqual(["c/empty.md has nothing to import beyond a title."]);
    expect(result.items.map((i) => [i.doc_id, i.source_path, i.flags])).toEqual([
      [
        "rules-testing",
        "a/rules.md#Testing",
        [{ flag: "item_overlap", doc_id: "rules-testing-2", score: 1 }],
      ],
      [
        "rules-testing-2",
        "b/rules.md#Testing",
        [{ flag: "item_overlap", doc_id: "rules-testing", score: 1 }],
      ],
      ["rules-other", "b/rules.md#Other", [{ flag: "no_edge_hints" }]],
    ]);
  });

  it("leaves out what archon wrote: its own files, and its managed block inside a user's file", () => {
    project.write(
      ".cursor/rules/archon-process.mdc",
      "---\nalwaysApply: true\n---\n<!-- archon:managed -->\n\n## Archon\nx\n",
    );
    project.write(
      "CLAUDE.md",
      "## Mine\nShort names.\n\n<!-- archon:start -->\n## Archon: compile first\n- You MUST compile.\n<!-- archon:end -->\n",
    );
    const result = analyzeImportBatchTool.run(
      { file_paths: [".cursor/rules/archon-process.mdc", "CLAUDE.md"] },
      project.context(),
    ) as AnalyzeResult;
    expect(result.warnings).toEqual([
      ".cursor/rules/archon-process.mdc: archon's own file (<!-- archon:managed -->); not imported.",
      "CLAUDE.md: skipped archon's managed block (lines 4-7).",
    ]);
    expect(result.items.map((i) => [i.doc_id, i.source_path, i.content])).toEqual([
      ["claude-mine", "CLAUDE.md#L1-L2", "## Mine\nShort names."],
    ]);
  });
});
