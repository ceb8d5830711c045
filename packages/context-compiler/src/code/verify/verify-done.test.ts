import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readContent } from "../../store/documents.js";
import { commitAll, git } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { CodeIndex } from "../code-index.js";
import { type VerifyInput, verifyDone } from "./verify-done.js";

let project: TestProject;

const verifyBlock = (yaml: string) => `Rules in prose.\n\n\`\`\`verify\n${yaml}\n\`\`\`\n`;

beforeEach(async () => {
  project = tempProject();
  project.write("src/ui/page.ts", 'import axios from "axios";\nexport function page() { return axios; }\n');
  project.write("src/ui/page.test.ts", 'import { page } from "./page.js";\npage();\n');
  project.write("src/db/client.ts", "export function query() {}\n");
  project.write("src/api/users.ts", "export function users() {}\n");
  project.write("db/migrations/001_init.sql", "create table t (id int);\n");
  project.write("CHANGELOG.md", "# Changes\n");
  commitAll(project.root, "initial", true);
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("ui-no-db", {
        kind: "constraint",
        patterns: ["src/ui/**"],
        content: verifyBlock(
          'forbid_import: ["src/db/**", "axios"]\nrequire_companion: ["{dir}/{name}.test.ts"]',
        ),
      }),
      doc("api-layer", {
        kind: "constraint",
        layers: ["api"],
        content: verifyBlock('forbid_import: ["src/ui/**"]'),
      }),
      doc("migrations-changelog", {
        kind: "constraint",
        patterns: ["db/migrations/**"],
        content: verifyBlock('require_companion: ["CHANGELOG.md"]'),
      }),
      doc("prose-only", { kind: "constraint", patterns: ["src/**"], content: "No verify block here." }),
      doc("broken-block", {
        kind: "constraint",
        patterns: ["src/**"],
        content: verifyBlock("forbid_import: axios"),
      }),
      doc("a-guideline", {
        kind: "guideline",
        patterns: ["src/**"],
        content: verifyBlock('forbid_import: ["src/**"]'),
      }),
    ],
    layer_rules: [{ pattern: "src/api/**", layer: "api" }],
  });
  await new CodeIndex(ctx.kdb.db, project.root).reindex({ clock: manualClock() });
});
afterEach(() => project.cleanup());

function verify(input: VerifyInput) {
  const ctx = project.context("agent");
  return verifyDone(
    {
      db: ctx.kdb.db,
      projectRoot: project.root,
      index: ctx.compiler.index(),
      docText: (d) => readContent(ctx.kdb.db, d.content_hash) ?? "",
    },
    input,
  );
}

const BROKEN =
  "broken-block: its verify block is malformed (forbid_import: Invalid input: expected array, received string); it takes forbid_import and require_companion, each a list of strings. It was not checked.";

describe("a forbidden import in a diff", () => {
  it("is reported with the trigger file, the document and the import line; imports the diff did not add are not", async () => {
    project.write(
      "src/ui/page.ts",
      'import axios from "axios";\nimport { query } from "../db/client.js";\nexport function page() { return query(axios); }\n',
    );
    project.write("src/ui/page.test.ts", 'import { page } from "./page.js";\npage();\npage();\n');
    const diff = git(project.root, "diff");
    expect(await verify({ diff })).toEqual({
      verdict: "fail",
      violations: [
        {
          type: "forbidden_import",
          doc_id: "ui-no-db",
          title: "Title of ui-no-db",
          file: "src/ui/page.ts",
          rule: "src/db/**",
          line: 2,
          import: "../db/client.js",
          resolved_path: "src/db/client.ts",
          evidence: 'import { query } from "../db/client.js";',
        },
      ],
      checked: {
        files: [
          { path: "src/ui/page.test.ts", status: "modified" },
          { path: "src/ui/page.ts", status: "modified" },
        ],
        constraints: ["ui-no-db"],
      },
      affected_tests: [
        {
          path: "src/ui/page.test.ts",
          score: 2,
          signals: [{ signal: "changed" }, { signal: "imports", file: "src/ui/page.ts", line: 1 }],
        },
      ],
      affected_tests_truncated: false,
      affected_tests_packages: [],
      affected_tests_note:
        "Run these first, not only these: they changed, import a changed file, mirror its name and place, call its Go functions, or changed together with it in git history; affected_tests_packages counts a big Go package's other tests.",
      warnings: [BROKEN],
      knowledge_version: 1,
      index_state: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("checks every import of a file named in changed_files alone, and a file the diff creates even off disk", async () => {
    const whole = await verify({ changed_files: ["src/ui/page.ts", "src/ui/page.test.ts"] });
    expect(whole.violations.map((v) => [v.type, v.file, v.rule, v.evidence])).toEqual([
      ["forbidden_import", "src/ui/page.ts", "axios", 'import axios from "axios";'],
    ]);
    const created = [
      "diff --git a/src/ui/new.ts b/src/ui/new.ts",
      "new file mode 100644",
      "--- /dev/null",
      "+++ b/src/ui/new.ts",
      "@@ -0,0 +1,2 @@",
      '+import { query } from "../db/client.js";',
      "+export const x = query;",
      "",
    ].join("\n");
    const result = await verify({ diff: created });
    expect(result.violations.map((v) => [v.type, v.file, v.rule])).toEqual([
      ["forbidden_import", "src/ui/new.ts", "src/db/**"],
      ["missing_companion", "src/ui/new.ts", "{dir}/{name}.test.ts"],
    ]);
    expect(result.checked.files).toEqual([{ path: "src/ui/new.ts", status: "added" }]);
  });

  it("checks all imports, and says so, when the file on disk is not the diff's new side", async () => {
    project.write("src/ui/page.ts", 'import axios from "axios";\nimport { query } from "../db/client.js";\n');
    const diff = git(project.root, "diff");
    project.write("src/ui/page.ts", 'import { query } from "../db/client.js";\nimport axios from "axios";\n');
    const result = await verify({ diff, changed_files: ["src/ui/page.test.ts"] });
    expect(result.violations.map((v) => [v.rule, "line" in v ? v.line : null])).toEqual([
      ["src/db/**", 1],
      ["axios", 2],
    ]);
    expect(result.warnings).toEqual([
      BROKEN,
      "src/ui/page.ts: the file on disk is not the new side of the diff; all of its imports were checked, not only the added ones.",
    ]);
  });
});

describe("a constraint reached through a layer", () => {
  it("applies to a file the layer rules classify into it", async () => {
    project.write(
      "src/api/users.ts",
      'import { page } from "../ui/page.js";\nexport function users() { page(); }\n',
    );
    const result = await verify({ diff: git(project.root, "diff") });
    expect(result.violations.map((v) => [v.doc_id, v.file, v.evidence])).toEqual([
      ["api-layer", "src/api/users.ts", 'import { page } from "../ui/page.js";'],
    ]);
  });
});

describe("a missing companion", () => {
  it("is reported when a covered file changes without the file its rule asks for, and passes with it", async () => {
    project.write("db/migrations/002_add.sql", "alter table t add c int;\n");
    const alone = await verify({ changed_files: ["db/migrations/002_add.sql"] });
    expect(alone.violations).toEqual([
      {
        type: "missing_companion",
        doc_id: "migrations-changelog",
        title: "Title of migrations-changelog",
        file: "db/migrations/002_add.sql",
        rule: "CHANGELOG.md",
        expected: "CHANGELOG.md",
        evidence: "no other changed file matches CHANGELOG.md",
      },
    ]);
    const both = await verify({ changed_files: ["db/migrations/002_add.sql", "CHANGELOG.md"] });
    expect({ verdict: both.verdict, violations: both.violations }).toEqual({
      verdict: "pass",
      violations: [],
    });
  });
});

describe("documents that are not checked", () => {
  it("are skipped: no verify block silently, a malformed one with a warning naming it, a non-constraint always", async () => {
    const result = await verify({ changed_files: ["src/db/client.ts"] });
    expect({
      verdict: result.verdict,
      constraints: result.checked.constraints,
      warnings: result.warnings,
    }).toEqual({
      verdict: "pass",
      constraints: [],
      warnings: [BROKEN],
    });
  });
});

describe("input that names nothing", () => {
  it("is refused: an unparsable diff, a diff without files, paths outside the project", async () => {
    await expect(verify({ diff: "@@ -1 +1 @@\n-a\n+b\n" })).rejects.toThrow("The diff names no file.");
    await expect(verify({ changed_files: ["../elsewhere.ts"] })).rejects.toThrow(
      "Nothing to check: no file of the project was named.",
    );
  });
});
