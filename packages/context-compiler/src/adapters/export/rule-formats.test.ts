import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { monorepo } from "../../test-support/monorepo-project.js";
import { doc, type TestProject, tempProject } from "../../test-support/project.js";
import { exportRules } from "./export-rules.js";
import { EXPORT_TARGETS } from "./export-targets.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-export-formats-");
});
afterEach(() => project.cleanup());

const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");
const frontmatter = (rel: string): unknown => parse(/^---\n([\s\S]*?)\n---\n/.exec(read(rel))?.[1] ?? "");

const tricky = [
  doc("tests", { title: 'Tests: "fast" # always', patterns: ["**/*.test.ts"], content: "Keep tests fast." }),
  doc("sources", { title: "Sources", patterns: ["src/**/*.{ts,tsx}", "test/**"], content: "Typed sources." }),
];

function exportAll() {
  const ctx = monorepo(project, tricky, null);
  return exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: EXPORT_TARGETS });
}

describe("exported frontmatter is valid YAML in each agent's documented form", () => {
  it("parses every exported frontmatter with a YAML parser, globs and quoted titles included", () => {
    const result = exportAll();
    const withFrontmatter = result.files.filter((f) => read(f.path).startsWith("---\n"));
    expect(result.files.filter((f) => !withFrontmatter.includes(f)).map((f) => f.path)).toEqual([
      "GEMINI.md",
      "AGENTS.md",
      "apps/api/AGENTS.md",
      "apps/web/AGENTS.md",
    ]);
    for (const f of withFrontmatter) expect(() => frontmatter(f.path), f.path).not.toThrow();
    expect(frontmatter(".cursor/rules/tests.mdc")).toEqual({
      description: 'Tests: "fast" # always',
      globs: "**/*.test.ts",
      alwaysApply: false,
    });
    expect(frontmatter(".cursor/rules/sources.mdc")).toEqual({
      description: "Sources",
      globs: "src/**/*.ts,src/**/*.tsx,test/**",
      alwaysApply: false,
    });
  });

  it("writes Kiro's fileMatchPattern as one string for one glob and as a list for several, braces expanded", () => {
    exportAll();
    expect(frontmatter(".kiro/steering/api-errors.md")).toEqual({
      inclusion: "fileMatch",
      fileMatchPattern: "apps/api/**",
      description: "API errors",
    });
    expect(read(".kiro/steering/sources.md")).toContain(
      'fileMatchPattern: ["src/**/*.ts", "src/**/*.tsx", "test/**"]\n',
    );
    expect(frontmatter(".kiro/steering/house-style.md")).toEqual({
      inclusion: "always",
      description: "House style",
    });
  });
});

describe("rules applied when relevant", () => {
  it("become each agent's description-triggered rule, and are skipped with a reason where an agent has none", () => {
    const result = exportAll();
    const description = "writing or editing release notes or the changelog";
    expect(
      Object.fromEntries(
        [
          ".cursor/rules/release-notes.mdc",
          ".github/instructions/release-notes.instructions.md",
          ".windsurf/rules/release-notes.md",
          ".continue/rules/release-notes.md",
          ".kiro/steering/release-notes.md",
          ".archon/rules/agents/release-notes.md",
        ].map((path) => [path, frontmatter(path)]),
      ),
    ).toEqual({
      ".cursor/rules/release-notes.mdc": { description, alwaysApply: false },
      ".github/instructions/release-notes.instructions.md": { description },
      ".windsurf/rules/release-notes.md": { trigger: "model_decision", description },
      ".continue/rules/release-notes.md": { name: "Release notes", description, alwaysApply: false },
      ".kiro/steering/release-notes.md": { inclusion: "auto", name: "release-notes", description },
      ".archon/rules/agents/release-notes.md": { description },
    });
    expect(result.skipped).toEqual([
      {
        doc_id: "release-notes",
        target: "claude",
        reason:
          "Claude Code rules have no 'when relevant' trigger: without paths a rule loads on every request",
      },
      {
        doc_id: "release-notes",
        target: "cline",
        reason: "Cline rules have no 'when relevant' trigger: without paths a rule applies to every request",
      },
    ]);
    expect(read("GEMINI.md")).toContain(
      `## Release notes\n\nApplies when: ${description}\n\nWhen it does, read \`.archon/rules/gemini/release-notes.md\` first.\n`,
    );
    expect(read(".archon/rules/gemini/release-notes.md")).toContain("Lead with what changed for users.");
  });
});

describe("@-paths in rule bodies", () => {
  const body = [
    "See:",
    "@docs/x.md",
    "- @docs/y.md and mail me at a@b.c",
    "```",
    "@kept/in-fence.md",
    "```",
    "Already `@quoted.md` stays.",
  ].join("\n");
  const escaped = [
    "See:",
    "`@docs/x.md`",
    "- `@docs/y.md` and mail me at a@b.c",
    "```",
    "@kept/in-fence.md",
    "```",
    "Already `@quoted.md` stays.",
  ].join("\n");

  it("are quoted as code where Claude Code or Gemini would read them as imports, and kept verbatim elsewhere", () => {
    const ctx = monorepo(project, [doc("paths", { title: "Paths", patterns: ["**"], content: body })], null);
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: EXPORT_TARGETS });
    expect(read(".claude/rules/paths.md").endsWith(`---\n${escaped}\n`)).toBe(true);
    expect(read("GEMINI.md")).toContain(`## Paths\n\n${escaped}\n`);
    expect(read("AGENTS.md")).toContain(`## Paths\n\n${escaped}\n`);
    expect(read(".cursor/rules/paths.mdc").endsWith(`---\n${body}\n`)).toBe(true);
  });
});
