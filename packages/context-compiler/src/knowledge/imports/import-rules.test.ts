import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documentTerms } from "../../read/term-sets.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { writeRealisticProject } from "../../test-support/realistic-project.js";
import type { ImportItem } from "./import-item.js";
import { parseFormats, planRuleImport } from "./import-rules.js";
import { OVERLAP_THRESHOLD, similarity } from "./overlap.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  writeRealisticProject(project);
});
afterEach(() => project.cleanup());

const ALL = parseFormats(undefined);
const plan = (formats = ALL) => {
  const ctx = project.context();
  return planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, formats);
};
const paths = (...globs: string[]) =>
  globs.map((source_value) => ({ edge_type: "path_requires", source_value }));
const brief = (i: ImportItem) => ({
  doc_id: i.doc_id,
  title: i.title,
  source_path: i.source_path,
  edge_hints: i.edge_hints,
  description: i.description,
  flags: i.flags.map((f) => f.flag),
});

describe("importing the instruction files a project already has", () => {
  it("finds every format outside node_modules and dist, in path order, with notes per file", () => {
    expect(plan().files).toEqual([
      { file: ".claude/rules/general.md", format: "claude", doc_ids: ["general"], notes: [] },
      { file: ".claude/rules/testing.md", format: "claude", doc_ids: ["testing"], notes: [] },
      { file: ".cursor/rules/always.mdc", format: "cursor", doc_ids: ["always"], notes: [] },
      {
        file: ".cursor/rules/duplicated.mdc",
        format: "cursor",
        doc_ids: ["duplicated"],
        notes: [
          "a second frontmatter block follows the first; editors read only the first, so the second is rule text and its keys (description, globs) have no effect",
        ],
      },
      { file: ".cursor/rules/frontend/forms.mdc", format: "cursor", doc_ids: ["frontend-forms"], notes: [] },
      { file: ".cursor/rules/security.mdc", format: "cursor", doc_ids: ["security"], notes: [] },
      {
        file: ".github/copilot-instructions.md",
        format: "copilot",
        doc_ids: ["copilot-overview"],
        notes: [],
      },
      { file: ".github/instructions/api.instructions.md", format: "copilot", doc_ids: ["api"], notes: [] },
      {
        file: "CLAUDE.md",
        format: "claude",
        doc_ids: ["claude-project-guide", "claude-testing", "claude-style"],
        notes: [],
      },
      {
        file: "apps/web/.cursor/rules/react.mdc",
        format: "cursor",
        doc_ids: ["web-react"],
        notes: ['skipped negated glob "!src/**/*.stories.tsx": archon edges only say where a rule applies'],
      },
      { file: "packages/api/AGENTS.md", format: "agents", doc_ids: ["api-database-access"], notes: [] },
    ]);
  });

  it("scopes CLAUDE.md and AGENTS.md to their folder, the root one to every file, split by ##", () => {
    const items = plan(["claude", "agents"]).items.filter(
      (i) => i.source_path.includes("CLAUDE.md") || i.source_path.includes("AGENTS.md"),
    );
    expect(items.map(brief)).toEqual([
      {
        doc_id: "claude-project-guide",
        title: "Project guide",
        source_path: "CLAUDE.md#L1-L3",
        edge_hints: paths("**"),
        flags: [],
      },
      {
        doc_id: "claude-testing",
        title: "Testing",
        source_path: "CLAUDE.md#Testing",
        edge_hints: paths("**"),
        flags: [],
      },
      {
        doc_id: "claude-style",
        title: "Style",
        source_path: "CLAUDE.md#Style",
        edge_hints: paths("**"),
        flags: [],
      },
      {
        doc_id: "api-database-access",
        title: "Database access (packages/api)",
        source_path: "packages/api/AGENTS.md#Database access",
        edge_hints: paths("packages/api/**"),
        flags: [],
      },
    ]);
    expect(items[1]).toMatchObject({
      kind: "constraint",
      content: "## Testing\nRun `pnpm test` before pushing. Never commit failing tests.",
    });
  });

  it("anchors Cursor globs to the folder holding .cursor, keeps brace lists whole, reads flow arrays and describes rules without globs", () => {
    expect(plan(["cursor"]).items.map(brief)).toEqual([
      {
        doc_id: "always",
        title: "House rules",
        source_path: ".cursor/rules/always.mdc#L5-L5",
        edge_hints: paths("**"),
        flags: [],
      },
      {
        doc_id: "duplicated",
        title: "Logging",
        source_path: ".cursor/rules/duplicated.mdc#L4-L8",
        edge_hints: [],
        description: "Logging",
        flags: [],
      },
      {
        doc_id: "frontend-forms",
        title: "Forms",
        source_path: ".cursor/rules/frontend/forms.mdc#L5-L5",
        edge_hints: paths("apps/web/src/forms/**", "**/*.form.ts"),
        flags: [],
      },
      {
        doc_id: "security",
        title: "Use when touching authentication",
        source_path: ".cursor/rules/security.mdc#L4-L4",
        edge_hints: [],
        description: "Use when touching authentication",
        flags: [],
      },
      {
        doc_id: "web-react",
        title: "React component rules",
        source_path: "apps/web/.cursor/rules/react.mdc#L6-L7",
        edge_hints: paths("apps/web/src/**/*.{ts,tsx}"),
        flags: [],
      },
    ]);
  });

  it("reads Copilot applyTo globs and applies the repository-wide file everywhere", () => {
    expect(plan(["copilot"]).items.map(brief)).toEqual([
      {
        doc_id: "copilot-overview",
        title: "Instructions from copilot-instructions.md",
        source_path: ".github/copilot-instructions.md#L1-L1",
        edge_hints: paths("**"),
        flags: [],
      },
      {
        doc_id: "api",
        title: "Api",
        source_path: ".github/instructions/api.instructions.md#L4-L4",
        edge_hints: paths("packages/api/**/*.ts", "packages/api/**/*.sql"),
        flags: [],
      },
    ]);
  });

  it("reads Claude rules' paths list, and a rule without paths applies everywhere", () => {
    const items = plan(["claude"]).items.filter((i) => i.source_path.startsWith(".claude/"));
    expect(items.map(brief)).toEqual([
      {
        doc_id: "general",
        title: "General",
        source_path: ".claude/rules/general.md",
        edge_hints: paths("**"),
        flags: [],
      },
      {
        doc_id: "testing",
        title: "Tests",
        source_path: ".claude/rules/testing.md#L6-L7",
        edge_hints: paths("src/**/*.test.ts", "tests/**"),
        flags: [],
      },
    ]);
  });

  it("flags overlap between the imported items themselves", () => {
    project.write(
      ".cursor/rules/testing-copy.mdc",
      "---\nalwaysApply: true\n---\nRun `pnpm test` before pushing. Never commit failing tests.\n",
    );
    const items = plan(["cursor", "claude"]).items;
    expect(items.find((i) => i.doc_id === "testing-copy")?.flags).toEqual([
      { flag: "item_overlap", doc_id: "claude-testing", score: 0.909 },
    ]);
  });
});

describe("a rule file larger than a document may be", () => {
  it("is left out with a note, and the other files are imported", () => {
    // More than any document may hold; at 20 MB, scanning such a line for secrets overflowed the stack and
    // failed the whole import.
    project.write(".cursor/rules/huge.mdc", `---\nglobs: src/**\n---\n${"a".repeat(2_000_000)}\n`);
    const planned = plan(parseFormats("cursor"));
    expect(planned.files.find((f) => f.file === ".cursor/rules/huge.mdc")).toEqual({
      file: ".cursor/rules/huge.mdc",
      format: "cursor",
      doc_ids: [],
      notes: ['file_path ".cursor/rules/huge.mdc" is 2000023 bytes, more than the 1572864 read here.'],
    });
    expect(planned.items.map((i) => i.doc_id)).toContain("security");
  });
});

describe("choosing formats", () => {
  it("takes a comma-separated --from and refuses unknown names", () => {
    expect(parseFormats("cursor, claude")).toEqual(["claude", "cursor"]);
    expect(parseFormats("kiro,windsurf,gemini")).toEqual(["gemini", "kiro", "windsurf"]);
    expect(() => parseFormats("cursor,zed")).toThrow(
      '--from takes agents, claude, cline, continue, copilot, cursor, gemini, kiro, windsurf; "zed" is not one of them.',
    );
  });
});

describe("importing many rules that look alike", () => {
  it("reports identical rules as duplicates and near-duplicates as overlaps, and says where the check stopped early", () => {
    const base =
      "Validate every request body at the route boundary with the shared schema helper, log each rejection with its request id, and return a typed error the client can show.";
    for (let i = 0; i < 4; i++)
      project.write(`.cursor/rules/same/copy-${i}.mdc`, `---\nalwaysApply: true\n---\n${base}\n`);
    for (let i = 0; i < 80; i++)
      project.write(
        `.cursor/rules/alike/near-${String(i).padStart(2, "0")}.mdc`,
        `---\nalwaysApply: true\n---\n${base}\nName the handler ${"qwxyz".slice(i % 5)}${i} in module m${i}.\n`,
      );
    const items = plan(["cursor"]).items;
    const terms = new Map(items.map((i) => [i.doc_id, documentTerms(i.title, i.content)]));
    /** A comparison with every other item, as the flags would be without a budget. */
    const everyPair = (item: ImportItem) =>
      items
        .filter((o) => o.doc_id !== item.doc_id)
        .map((o) => ({
          flag: "item_overlap",
          doc_id: o.doc_id,
          score: similarity(terms.get(item.doc_id) as Set<string>, terms.get(o.doc_id) as Set<string>),
        }))
        .filter((o) => o.score >= OVERLAP_THRESHOLD)
        .sort((a, b) => b.score - a.score || (a.doc_id < b.doc_id ? -1 : 1))
        .slice(0, 3);
    const copies = items.filter((i) => i.source_path.startsWith(".cursor/rules/same/"));
    expect(copies.map((i) => i.flags)).toEqual(
      [0, 1, 2, 3].map((n) =>
        ["same-copy-0", "same-copy-1", "same-copy-2", "same-copy-3"]
          .filter((_, m) => m !== n)
          .map((doc_id) => ({ flag: "item_overlap", doc_id, score: 1 })),
      ),
    );
    const alike = items.filter((i) => i.source_path.startsWith(".cursor/rules/alike/"));
    const capped = alike.filter((i) => i.flags.some((f) => f.flag === "overlap_capped"));
    expect(capped.length).toBeGreaterThan(0);
    for (const item of alike) {
      const overlaps = item.flags.filter((f) => f.flag === "item_overlap");
      expect(overlaps).toHaveLength(3);
      if (capped.includes(item))
        for (const o of overlaps)
          expect(o.score).toBe(
            similarity(terms.get(item.doc_id) as Set<string>, terms.get(o.doc_id) as Set<string>),
          );
      else expect(overlaps).toEqual(everyPair(item));
    }
  });
});
