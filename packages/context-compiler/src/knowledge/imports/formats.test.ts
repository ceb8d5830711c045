import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../../test-support/project.js";
import type { RuleFormat } from "./formats/rule-file.js";
import { planRuleImport } from "./import-rules.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const fm = (lines: string[], body: string) => ["---", ...lines, "---", body, ""].join("\n");
const read = (format: RuleFormat, files: Record<string, string>) => {
  for (const [path, content] of Object.entries(files)) project.write(path, content);
  const ctx = project.context();
  const plan = planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, [format]);
  return {
    notes: plan.files.filter((f) => f.notes.length > 0).map((f) => [f.file, f.notes]),
    items: plan.items.map((i) => ({
      doc_id: i.doc_id,
      scope: i.edge_hints.map((h) => h.source_value),
      description: i.description,
      flags: i.flags.map((f) => f.flag),
    })),
  };
};

describe("reading Windsurf rules by their trigger", () => {
  it("scopes always_on and glob rules, describes model_decision and manual ones", () => {
    expect(
      read("windsurf", {
        ".windsurf/rules/always.md": fm(["trigger: always_on"], "Be brief."),
        ".windsurf/rules/tests.md": fm(["trigger: glob", 'globs: "**/*.test.ts,e2e/**"'], "Use fixtures."),
        ".windsurf/rules/styling.md": fm(["trigger: model_decision", "description: Styling"], "Tailwind."),
        ".windsurf/rules/release.md": fm(["trigger: manual"], "# Releasing\nTag main."),
        "apps/web/.windsurf/rules/plain.md": "No frontmatter here.\n",
        ".windsurf/rules/odd.md": fm(["trigger: sometimes"], "Odd."),
      }),
    ).toEqual({
      notes: [[".windsurf/rules/odd.md", ['unknown trigger "sometimes"; read as model_decision']]],
      items: [
        { doc_id: "always", scope: ["**"], description: undefined, flags: [] },
        { doc_id: "odd", scope: [], description: "Odd", flags: [] },
        { doc_id: "release", scope: [], description: "Releasing", flags: [] },
        { doc_id: "styling", scope: [], description: "Styling", flags: [] },
        { doc_id: "tests", scope: ["**/*.test.ts", "e2e/**"], description: undefined, flags: [] },
        { doc_id: "web-plain", scope: ["apps/web/**"], description: undefined, flags: [] },
      ],
    });
  });
});

describe("reading Cline rules", () => {
  it("scopes a rule by its paths list, applies one without paths everywhere, and splits a single .clinerules file", () => {
    expect(
      read("cline", {
        ".clinerules/react.md": fm(["paths:", '  - "src/components/**"'], "Function components."),
        ".clinerules/general.md": "Small commits.\n",
        "legacy/.clinerules": "## Style\nTabs.\n\n## Tests\nAlways.\n",
      }),
    ).toEqual({
      notes: [],
      items: [
        { doc_id: "general", scope: ["**"], description: undefined, flags: [] },
        { doc_id: "react", scope: ["src/components/**"], description: undefined, flags: [] },
        { doc_id: "legacy-style", scope: ["legacy/**"], description: undefined, flags: [] },
        { doc_id: "legacy-tests", scope: ["legacy/**"], description: undefined, flags: [] },
      ],
    });
  });
});

describe("reading Continue rules", () => {
  it("reads alwaysApply and globs as Continue does, keeping a stated description where the agent may pull the rule in", () => {
    expect(
      read("continue", {
        ".continue/rules/always.md": fm(["name: Always", "alwaysApply: true"], "Be brief."),
        ".continue/rules/ts.md": fm(
          ["name: TS", "description: TypeScript files", "globs:", '  - "src/**/*.ts"', "alwaysApply: false"],
          "Strict mode.",
        ),
        ".continue/rules/globbed.md": fm(["name: Globbed", 'globs: "docs/**"'], "Short pages."),
        ".continue/rules/agent.md": fm(
          ["name: Agent", "description: Database work", "alwaysApply: false"],
          "Use the ORM.",
        ),
        ".continue/rules/plain.md": fm(["name: Plain"], "Always on."),
        ".continue/rules/imports.md": fm(["name: Imports", "regex: ^import"], "Sorted imports."),
      }),
    ).toEqual({
      notes: [
        [".continue/rules/imports.md", ["skipped regex: archon scopes rules by path, not by file content"]],
      ],
      items: [
        { doc_id: "agent", scope: [], description: "Database work", flags: [] },
        { doc_id: "always", scope: ["**"], description: undefined, flags: [] },
        { doc_id: "globbed", scope: ["docs/**"], description: undefined, flags: [] },
        { doc_id: "imports", scope: ["**"], description: undefined, flags: [] },
        { doc_id: "plain", scope: ["**"], description: undefined, flags: [] },
        { doc_id: "ts", scope: ["src/**/*.ts"], description: "TypeScript files", flags: [] },
      ],
    });
  });
});

describe("reading Kiro steering files by their inclusion", () => {
  it("applies always (and no frontmatter) everywhere, scopes fileMatch, describes manual and auto files", () => {
    expect(
      read("kiro", {
        ".kiro/steering/tech.md": "# Tech stack\nNext.js 15.\n",
        ".kiro/steering/api.md": fm(
          ["inclusion: fileMatch", 'fileMatchPattern: "services/api/**"'],
          "Typed errors.",
        ),
        ".kiro/steering/ui.md": fm(
          ["inclusion: fileMatch", "fileMatchPattern:", '  - "**/*.tsx"', '  - "**/*.css"'],
          "Tailwind.",
        ),
        ".kiro/steering/release.md": fm(["inclusion: manual", "description: Cutting a release"], "Tag main."),
        ".kiro/steering/db.md": fm(["inclusion: auto", "name: db"], "# Database work\nUse migrations."),
        ".kiro/steering/broken.md": fm(["inclusion: fileMatch", 'fileMatchPattern: "!x/**"'], "Nothing."),
      }),
    ).toEqual({
      notes: [
        [
          ".kiro/steering/broken.md",
          ['skipped negated glob "!x/**": archon edges only say where a rule applies'],
        ],
      ],
      items: [
        { doc_id: "api", scope: ["services/api/**"], description: undefined, flags: [] },
        { doc_id: "broken", scope: [], description: undefined, flags: ["needs_scope", "no_edge_hints"] },
        { doc_id: "db", scope: [], description: "Database work", flags: [] },
        { doc_id: "release", scope: [], description: "Cutting a release", flags: [] },
        { doc_id: "tech", scope: ["**"], description: undefined, flags: [] },
        { doc_id: "ui", scope: ["**/*.tsx", "**/*.css"], description: undefined, flags: [] },
      ],
    });
  });
});

describe("reading always-read single files", () => {
  it("splits GEMINI.md and .cursorrules at ## and scopes them to their folder", () => {
    expect(
      read("gemini", {
        "GEMINI.md": "## Answers\nShort.\n",
        "services/api/GEMINI.md": "## Errors\nTyped.\n",
      }).items,
    ).toEqual([
      { doc_id: "gemini-answers", scope: ["**"], description: undefined, flags: [] },
      { doc_id: "api-errors", scope: ["services/api/**"], description: undefined, flags: [] },
    ]);
    expect(read("cursor", { ".cursorrules": "## Naming\nShort names.\n" }).items).toEqual([
      { doc_id: "cursorrules-naming", scope: ["**"], description: undefined, flags: [] },
    ]);
  });
});

describe("tags of imported rules", () => {
  it("keeps tags a person wrote in the frontmatter and only suggests the inferred ones", () => {
    project.write(
      ".cursor/rules/auth.mdc",
      fm(["alwaysApply: true", "tags: [auth, sessions]"], "Never log tokens."),
    );
    project.write(".cursor/rules/db.mdc", fm(["alwaysApply: true"], "Every SQL query is parameterized."));
    const ctx = project.context();
    const plan = planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, ["cursor"]);
    expect(plan.items.map((i) => [i.doc_id, i.tags, i.suggested_tags])).toEqual([
      ["auth", ["auth", "sessions"], []],
      ["db", undefined, ["database"]],
    ]);
  });
});
