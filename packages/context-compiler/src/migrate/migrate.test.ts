import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig } from "../adapters/adapter-config.js";
import { deployAdapters } from "../adapters/deploy-adapters.js";
import { exportRules } from "../adapters/export/export-rules.js";
import { nestedRuleBlock, ruleBlock } from "../adapters/rule-block.js";
import { writeContext } from "../context/archon-context.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { checkSource } from "../knowledge/curation/source-check.js";
import { landRuleImport, planRuleImport } from "../knowledge/imports/import-rules.js";
import { ruleFileBody } from "../knowledge/rule-files/rule-file-text.js";
import { anchoredDocuments, approvedDocumentTexts, getDocument } from "../store/documents.js";
import { readVersion } from "../store/version.js";
import { treeHashes } from "../test-support/file-tree.js";
import { commitAll } from "../test-support/git.js";
import {
  AGENTS_SECTIONS,
  MIGRATION_FILES,
  NESTED_SECTIONS,
  RULE_BODIES,
  writeMigrationProject,
} from "../test-support/migration-project.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { VERSION } from "../version.js";
import { applyMigration } from "./apply-migration.js";
import { migrationSummary } from "./describe-migration.js";
import type { MigrationOptions } from "./migration-plan.js";
import { planMigration } from "./plan-migration.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const config = () => adapterConfig({ version: VERSION, projectRoot: project.root });
const read = (path: string) => readFileSync(join(project.root, path), "utf8");
const bytes = (text: string) => Buffer.byteLength(text, "utf8");

function plan(options: MigrationOptions = {}) {
  const ctx = project.context();
  return planMigration({ db: ctx.kdb.db, projectRoot: project.root }, options);
}
function migrate(options: MigrationOptions = {}) {
  const ctx = project.context();
  const planned = planMigration({ db: ctx.kdb.db, projectRoot: project.root }, options);
  return applyMigration({ ...writeContext(ctx), ids: ctx.ids }, planned);
}

const AGENTS_IDS = [
  "agents-architecture",
  "agents-testing",
  "agents-style",
  "agents-naming",
  "agents-errors",
  "agents-logging",
  "agents-security",
  "agents-database",
  "agents-migrations",
  "agents-api-design",
  "agents-frontend",
  "agents-accessibility",
  "agents-performance",
  "agents-caching",
  "agents-dependencies",
  "agents-releases",
  "agents-git-workflow",
  "agents-code-review",
  "agents-documentation",
  "agents-incidents",
];
const AGENTS_HEADINGS = AGENTS_SECTIONS.map((s) => (s.split("\n")[0] as string).replace(/^## /, ""));

const REMOVED = [
  ".claude/rules/x.md",
  ".cursor/rules/always.mdc",
  ".cursor/rules/security.mdc",
  ".cursor/rules/web.mdc",
  ".github/instructions/api.instructions.md",
];

describe("planning a migration", () => {
  beforeEach(() => writeMigrationProject(project));

  it("lists every rule as a document with its own file and scope, what each source becomes, and the bytes every prompt carries", () => {
    const summary = migrationSummary(plan());
    expect(
      summary.documents.map((d) => ({ doc_id: d.doc_id, from: d.from, file: d.rule_file, scope: d.scope })),
    ).toEqual([
      { doc_id: "x", from: ".claude/rules/x.md", file: ".archon/rules/x.md", scope: ["**"] },
      {
        doc_id: "always",
        from: ".cursor/rules/always.mdc#L5-L5",
        file: ".archon/rules/always.md",
        scope: ["**"],
      },
      {
        doc_id: "security",
        from: ".cursor/rules/security.mdc#L4-L4",
        file: ".archon/rules/security.md",
        scope: [],
      },
      {
        doc_id: "web",
        from: ".cursor/rules/web.mdc#L6-L6",
        file: ".archon/rules/web.md",
        scope: ["apps/web/**/*.tsx"],
      },
      {
        doc_id: "api",
        from: ".github/instructions/api.instructions.md#L4-L4",
        file: ".archon/rules/api.md",
        scope: ["packages/api/**"],
      },
      ...AGENTS_IDS.map((doc_id, i) => ({
        doc_id,
        from: `AGENTS.md#${AGENTS_HEADINGS[i]}`,
        file: `.archon/rules/${doc_id}.md`,
        scope: ["**"],
      })),
      {
        doc_id: "web-components",
        from: "apps/web/AGENTS.md#Components",
        file: ".archon/rules/web-components.md",
        scope: ["apps/web/**"],
      },
      {
        doc_id: "web-styling",
        from: "apps/web/AGENTS.md#Styling",
        file: ".archon/rules/web-styling.md",
        scope: ["apps/web/**"],
      },
    ]);
    expect(summary.sources).toEqual([
      ...REMOVED.map((path) => ({ path, action: "remove" })),
      { path: "AGENTS.md", action: "rewrite" },
      { path: "CLAUDE.md", action: "rewrite" },
      { path: "apps/web/AGENTS.md", action: "rewrite" },
    ]);
    expect(summary.blockers).toEqual([]);
    const f = MIGRATION_FILES as Record<string, string>;
    const block = bytes(ruleBlock(config()));
    expect(summary.always_loaded).toEqual([
      {
        agent: "claude",
        before:
          bytes(f["CLAUDE.md"] as string) +
          bytes(f["AGENTS.md"] as string) +
          bytes(f[".claude/rules/x.md"] as string),
        after: block,
      },
      { agent: "codex", before: bytes(f["AGENTS.md"] as string), after: block },
      {
        agent: "cursor",
        before: bytes(f["AGENTS.md"] as string) + bytes(f[".cursor/rules/always.mdc"] as string),
        after: block,
      },
      { agent: "copilot", before: 0, after: 0 },
    ]);
    expect(bytes(f["AGENTS.md"] as string)).toBeGreaterThan(20_000);
  });
});

describe("applying a migration", () => {
  beforeEach(() => writeMigrationProject(project));

  it("moves each rule body to .archon/rules/<doc_id>.md, approves it file-backed, and leaves the sources only archon's block", () => {
    const result = migrate();
    const ids = ["x", "always", "security", "web", "api", ...AGENTS_IDS, "web-components", "web-styling"];
    expect(result).toEqual({
      backup_folder: ".archon/migrate/20261129T120000Z-migrate_0001",
      bundle_id: "bundle_0002",
      knowledge_version: 1,
      documents_added: [...ids].sort(),
      documents_relocated: [],
      rule_files_written: ids.map((id) => `.archon/rules/${id}.md`),
      sources_rewritten: ["AGENTS.md", "CLAUDE.md", "apps/web/AGENTS.md"],
      sources_removed: REMOVED,
    });
    expect(read("AGENTS.md")).toBe(ruleBlock(config()));
    expect(read("CLAUDE.md")).toBe(ruleBlock(config()));
    expect(read("apps/web/AGENTS.md")).toBe(nestedRuleBlock(config()));
    expect(REMOVED.filter((path) => existsSync(join(project.root, path)))).toEqual([]);
    const db = project.context().kdb.db;
    for (const id of ids) {
      const doc = getDocument(db, id);
      expect({
        id,
        source_path: doc?.source_path,
        file: ruleFileBody(read(`.archon/rules/${id}.md`)),
      }).toEqual({
        id,
        source_path: `.archon/rules/${id}.md`,
        file: doc?.content,
      });
    }
    // doctor's drift check sees every rule file as the document it backs.
    expect(
      anchoredDocuments(db)
        .map((d) => checkSource(project.root, d))
        .filter((c) => c.status !== "unchanged"),
    ).toEqual([]);
  });

  it("loses nothing: every rule body comes back from .archon/rules and the database, every original file from the backup", () => {
    const result = migrate();
    const db = project.context().kdb.db;
    const ruleFiles = readdirSync(join(project.root, ".archon/rules"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => ruleFileBody(read(`.archon/rules/${name}`)));
    const contents = approvedDocumentTexts(db).map((d) => d.content);
    for (const body of [...AGENTS_SECTIONS, ...NESTED_SECTIONS, ...Object.values(RULE_BODIES)]) {
      expect({ body, in_rule_files: ruleFiles.includes(body), in_database: contents.includes(body) }).toEqual(
        {
          body,
          in_rule_files: true,
          in_database: true,
        },
      );
    }
    const changed = [...result.sources_rewritten, ...result.sources_removed];
    for (const path of changed) expect(read(`${result.backup_folder}/${path}`)).toBe(MIGRATION_FILES[path]);
  });

  it("changes no file when it runs a second time", () => {
    migrate();
    const before = treeHashes(project.root);
    const again = plan();
    expect(migrationSummary(again).documents).toEqual([]);
    expect(migrate()).toMatchObject({ backup_folder: null, bundle_id: null, rule_files_written: [] });
    expect(treeHashes(project.root)).toEqual(before);
  });

  it("with keep_sources, imports every rule and leaves every source byte for byte, and a second run adds nothing", () => {
    const result = migrate({ keep_sources: true });
    expect(result).toMatchObject({ backup_folder: null, sources_rewritten: [], sources_removed: [] });
    expect(result.documents_added).toHaveLength(27);
    for (const [path, text] of Object.entries(MIGRATION_FILES))
      expect({ path, text: read(path) }).toEqual({ path, text });
    const before = treeHashes(project.root);
    expect(migrate({ keep_sources: true })).toMatchObject({ bundle_id: null, documents_added: [] });
    expect(treeHashes(project.root)).toEqual(before);
  });

  it("moves a rule approved by an earlier import-rules to its own file instead of importing it twice", () => {
    const ctx = project.context();
    const earlier = planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, ["claude"]);
    const landed = landRuleImport(
      { ...writeContext(ctx), ids: ctx.ids },
      {
        ...earlier,
        items: earlier.items.filter((i) => i.source_path === ".claude/rules/x.md"),
      },
    );
    approveProposalBundle(writeContext(ctx), { bundle_id: landed?.bundle_id as string });
    const result = migrate();
    expect(result.documents_relocated).toEqual(["x"]);
    expect(result.documents_added).not.toContain("x-2");
    expect(getDocument(ctx.kdb.db, "x")?.source_path).toBe(".archon/rules/x.md");
    expect(ruleFileBody(read(".archon/rules/x.md"))).toBe(RULE_BODIES[".claude/rules/x.md"]);
  });
});

describe("refusing to rewrite work git does not hold", () => {
  beforeEach(() => writeMigrationProject(project));

  it("refuses, naming the file and the reason, when a source has uncommitted changes, and changes nothing", () => {
    appendFileSync(join(project.root, "AGENTS.md"), "\n## Late addition\n\nNot committed yet.\n");
    appendFileSync(join(project.root, ".claude/rules/x.md"), "Also this.\n");
    project.context(); // the database exists before the refusal is looked at
    const before = treeHashes(project.root);
    expect(plan().blockers).toEqual([
      { path: ".claude/rules/x.md", reason: "has uncommitted changes in git", forceable: true },
      { path: "AGENTS.md", reason: "has uncommitted changes in git", forceable: true },
    ]);
    expect(() => migrate()).toThrow(
      "archon migrate changed nothing:\n  .claude/rules/x.md has uncommitted changes in git\n  AGENTS.md has uncommitted changes in git",
    );
    expect(treeHashes(project.root)).toEqual(before);
  });

  it("goes ahead with force, and the backup keeps the uncommitted bytes", () => {
    const dirty = `${MIGRATION_FILES["AGENTS.md"]}\n## Late addition\n\nNot committed yet.\n`;
    project.write("AGENTS.md", dirty);
    const result = migrate({ force: true });
    expect(read(`${result.backup_folder}/AGENTS.md`)).toBe(dirty);
    expect(read("AGENTS.md")).toBe(ruleBlock(config()));
    expect(result.documents_added).toContain("agents-late-addition");
  });

  it("does not count archon's own block, just written by setup, as an uncommitted change", () => {
    deployAdapters(writeContext(project.context()), { targets: ["claude", "codex"], config: config() });
    expect(read("AGENTS.md")).toContain("<!-- archon:start -->");
    expect(plan().blockers).toEqual([]);
    appendFileSync(join(project.root, "CLAUDE.md"), "\nAnd a line of my own.\n");
    expect(plan().blockers).toEqual([
      { path: "CLAUDE.md", reason: "has uncommitted changes in git", forceable: true },
    ]);
  });

  it("does not refuse outside git, and still backs the sources up", () => {
    rmSync(join(project.root, ".git"), { recursive: true, force: true });
    project.write("AGENTS.md", "## Only rule\n\nKeep it short.\n");
    const result = migrate();
    expect(result.sources_rewritten).toContain("AGENTS.md");
    expect(read(`${result.backup_folder}/AGENTS.md`)).toBe("## Only rule\n\nKeep it short.\n");
  });
});

describe("archon's own files and blocks", () => {
  beforeEach(() => writeMigrationProject(project));

  it("imports nothing archon wrote and keeps its Cursor process rule, after the adapters were deployed", () => {
    deployAdapters(writeContext(project.context()), {
      targets: ["claude", "cursor", "codex"],
      config: config(),
    });
    commitAll(project.root, "archon setup");
    const processRule = read(".cursor/rules/archon-process.mdc");
    const summary = migrationSummary(plan());
    expect(summary.documents.filter((d) => /archon/i.test(d.title))).toEqual([]);
    expect(summary.sources.map((s) => s.path)).not.toContain(".cursor/rules/archon-process.mdc");
    const result = migrate();
    expect(result.documents_added).toHaveLength(27);
    expect(read(".cursor/rules/archon-process.mdc")).toBe(processRule);
    expect(read("CLAUDE.md")).toBe(ruleBlock(config()));
    expect(migrationSummary(plan()).documents).toEqual([]);
  });

  it("and export-rules for AGENTS.md and GEMINI.md undo nothing of each other, in either order", () => {
    deployAdapters(writeContext(project.context()), { targets: ["claude", "codex"], config: config() });
    migrate();
    commitAll(project.root, "migrated");
    const exportAgentFiles = () =>
      exportRules(
        { db: project.context().kdb.db, projectRoot: project.root },
        { targets: ["agents", "gemini"] },
      );
    exportAgentFiles();
    commitAll(project.root, "exported");
    const exported = treeHashes(project.root);
    expect(read("AGENTS.md").indexOf("<!-- archon:start -->")).toBeLessThan(
      read("AGENTS.md").indexOf("<!-- archon:rules:start -->"),
    );
    const again = migrationSummary(plan());
    expect(again.documents).toEqual([]);
    expect(again.sources.filter((s) => s.action === "rewrite")).toEqual([]);
    expect(migrate()).toMatchObject({ backup_folder: null, sources_rewritten: [], sources_removed: [] });
    // The database records which commit its rule files were absorbed from; the knowledge does not move.
    const files = (tree: Record<string, string>) => {
      const { ".archon/archon.db": _db, ...rest } = tree;
      return rest;
    };
    const version = readVersion(project.context().kdb.db);
    expect(files(treeHashes(project.root))).toEqual(files(exported));
    expect(exportAgentFiles().drift).toEqual([]);
    expect(files(treeHashes(project.root))).toEqual(files(exported));
    expect(readVersion(project.context().kdb.db)).toBe(version);
  });

  it("leaves a file with broken markers as it is, saying why, and migrates the rest", () => {
    project.write("apps/web/AGENTS.md", `<!-- archon:start -->\n${NESTED_SECTIONS.join("\n\n")}\n`);
    commitAll(project.root, "half a block");
    const summary = migrationSummary(plan());
    expect(summary.sources.find((s) => s.path === "apps/web/AGENTS.md")).toEqual({
      path: "apps/web/AGENTS.md",
      action: "keep",
      reason:
        'apps/web/AGENTS.md has "<!-- archon:start -->" without "<!-- archon:end -->"; archon will not guess which text is its block.',
    });
    expect(summary.documents.map((d) => d.doc_id)).not.toContain("web-components");
    migrate();
    expect(read("AGENTS.md")).toBe(ruleBlock(config()));
  });

  it("leaves a file whose rules wait in pending proposals, naming them", () => {
    const ctx = project.context();
    const pending = planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, ["claude"]);
    landRuleImport(
      { ...writeContext(ctx), ids: ctx.ids },
      { ...pending, items: pending.items.filter((i) => i.source_path === ".claude/rules/x.md") },
    );
    expect(migrationSummary(plan()).sources[0]).toEqual({
      path: ".claude/rules/x.md",
      action: "keep",
      reason: "its rules wait in pending proposals (x); approve or reject them, then run again",
    });
  });

  it("refuses, even with force, to overwrite a file in .archon/rules that holds other text", () => {
    project.write(".archon/rules/web.md", "my own notes\n");
    expect(plan({ force: true }).blockers).toEqual([
      {
        path: ".archon/rules/web.md",
        reason: "already exists with other text, and archon did not write it",
        forceable: false,
      },
    ]);
    expect(() => migrate({ force: true })).toThrow(
      "archon migrate changed nothing:\n  .archon/rules/web.md already exists",
    );
    expect(read(".archon/rules/web.md")).toBe("my own notes\n");
    expect(read("AGENTS.md")).toBe(MIGRATION_FILES["AGENTS.md"]);
  });
});

describe("rule files git would not keep", () => {
  it("warns when .gitignore hides .archon/rules/, and goes ahead", () => {
    writeMigrationProject(project);
    project.write(".gitignore", ".archon/\n");
    commitAll(project.root, "ignore archon");
    expect(plan().warnings).toEqual([
      'git ignores .archon/rules/, so the rule files would not travel with the repository: in .gitignore write ".archon/*" (not ".archon/") and "!.archon/rules/", then commit them.',
    ]);
  });
});
