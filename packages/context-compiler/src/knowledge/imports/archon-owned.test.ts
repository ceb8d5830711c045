import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deployAdapters } from "../../adapters/deploy-adapters.js";
import { exportRules } from "../../adapters/export/export-rules.js";
import { EXPORT_TARGETS } from "../../adapters/export/export-targets.js";
import { writeContext } from "../../context/archon-context.js";
import { extractAnchored, parseSourceRef } from "../../read/source-anchor.js";
import { bundleProposals } from "../../store/proposals.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { writeMonorepo } from "../../test-support/realistic-project.js";
import type { ImportItem } from "./import-item.js";
import { landRuleImport, parseFormats, planRuleImport } from "./import-rules.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const plan = () => {
  const ctx = project.context();
  return planRuleImport({ db: ctx.kdb.db, projectRoot: project.root }, parseFormats(undefined));
};
const row = (i: ImportItem) => ({
  doc_id: i.doc_id,
  source_path: i.source_path,
  scope: i.edge_hints.map((h) => h.source_value),
  description: i.description,
  flags: i.flags.map((f) => f.flag),
});
/** What the item's source_path reads back from the file on disk, as drift checks will read it. */
const readBack = (item: ImportItem) => {
  const ref = parseSourceRef(item.source_path);
  const text = readFileSync(join(project.root, ref.path), "utf8").replace(/\r\n/g, "\n");
  return ref.anchor ? extractAnchored(text, ref.anchor) : text.trim();
};
const MARKER_TEXT = /archon:(start|end|managed|rules:|export-rules)/;

describe("importing a monorepo that archon setup has deployed into", () => {
  beforeEach(() => {
    spawnSync("git", ["init", "-q"], { cwd: project.root });
    writeMonorepo(project);
    deployAdapters(writeContext(project.context()), { targets: ["claude", "cursor", "codex"] });
  });

  it("reports every file, archon's own ones and blocks named as skipped, AGENTS.md read once", () => {
    expect(plan().files).toEqual([
      { file: ".cursor/rules/api-handlers.mdc", format: "cursor", doc_ids: ["api-handlers"], notes: [] },
      {
        file: ".cursor/rules/archon-process.mdc",
        format: "cursor",
        doc_ids: [],
        notes: ["archon's own file (<!-- archon:managed -->); not imported"],
      },
      { file: ".cursor/rules/auth.mdc", format: "cursor", doc_ids: ["auth"], notes: [] },
      { file: ".cursor/rules/house.mdc", format: "cursor", doc_ids: ["house"], notes: [] },
      {
        file: ".cursor/rules/logging.mdc",
        format: "cursor",
        doc_ids: ["logging"],
        notes: [
          "a second frontmatter block follows the first; editors read only the first, so the second is rule text and its keys (globs) have no effect",
        ],
      },
      {
        file: ".github/copilot-instructions.md",
        format: "copilot",
        doc_ids: ["copilot-overview"],
        notes: [],
      },
      { file: ".github/instructions/api.instructions.md", format: "copilot", doc_ids: ["api"], notes: [] },
      {
        file: ".github/instructions/migrations.instructions.md",
        format: "copilot",
        doc_ids: ["migrations"],
        notes: [],
      },
      { file: ".kiro/steering/releases.md", format: "kiro", doc_ids: ["releases"], notes: [] },
      { file: ".windsurf/rules/styling.md", format: "windsurf", doc_ids: ["styling"], notes: [] },
      {
        file: "AGENTS.md",
        format: "agents",
        doc_ids: ["agents-acme-monorepo", "agents-commands", "agents-testing", "agents-pull-requests"],
        notes: ["skipped archon's managed block (lines 14-25)"],
      },
      {
        file: "CLAUDE.md",
        format: "claude",
        doc_ids: [],
        notes: ["skipped archon's managed block (lines 3-14)", "@AGENTS.md is imported on its own"],
      },
      {
        file: "GEMINI.md",
        format: "gemini",
        doc_ids: ["gemini-answers"],
        notes: ["@AGENTS.md is imported on its own"],
      },
      { file: "apps/web/AGENTS.md", format: "agents", doc_ids: ["web-components"], notes: [] },
    ]);
  });

  it("proposes the user's rules only: scoped by their globs or described, no marker text, anchors true to the files", () => {
    const items = plan().items;
    expect(items.map(row)).toEqual([
      {
        doc_id: "api-handlers",
        source_path: ".cursor/rules/api-handlers.mdc#L6-L6",
        scope: ["services/api/**/*.ts"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "auth",
        source_path: ".cursor/rules/auth.mdc#L5-L5",
        scope: [],
        description: "Changing sign-in, sessions or tokens",
        flags: [],
      },
      {
        doc_id: "house",
        source_path: ".cursor/rules/house.mdc#L5-L5",
        scope: ["**"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "logging",
        source_path: ".cursor/rules/logging.mdc#L4-L7",
        scope: [],
        description: "Logging",
        flags: [],
      },
      {
        doc_id: "copilot-overview",
        source_path: ".github/copilot-instructions.md#L1-L1",
        scope: ["**"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "api",
        source_path: ".github/instructions/api.instructions.md#L4-L4",
        scope: ["services/api/**"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "migrations",
        source_path: ".github/instructions/migrations.instructions.md",
        scope: [],
        description: "Database migrations",
        flags: [],
      },
      {
        doc_id: "releases",
        source_path: ".kiro/steering/releases.md#L4-L6",
        scope: [],
        description: "Cutting a release",
        flags: [],
      },
      {
        doc_id: "styling",
        source_path: ".windsurf/rules/styling.md#L5-L5",
        scope: [],
        description: "Styling React components with Tailwind",
        flags: [],
      },
      {
        doc_id: "agents-acme-monorepo",
        source_path: "AGENTS.md#L1-L3",
        scope: ["**"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "agents-commands",
        source_path: "AGENTS.md#Commands",
        scope: ["**"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "agents-testing",
        source_path: "AGENTS.md#Testing",
        scope: ["**"],
        description: undefined,
        flags: [],
      },
      {
        // The section anchor would run into archon's block, so the unit is pinned by its lines.
        doc_id: "agents-pull-requests",
        source_path: "AGENTS.md#L11-L12",
        scope: ["**"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "gemini-answers",
        source_path: "GEMINI.md#Answers",
        scope: ["**"],
        description: undefined,
        flags: [],
      },
      {
        doc_id: "web-components",
        source_path: "apps/web/AGENTS.md#Components",
        scope: ["apps/web/**"],
        description: undefined,
        flags: [],
      },
    ]);
    expect(items.filter((i) => MARKER_TEXT.test(i.content) || /Archon:/.test(i.content))).toEqual([]);
    expect(items.map((i) => readBack(i))).toEqual(items.map((i) => i.content));
    expect(items.find((i) => i.doc_id === "logging")?.content).toBe(
      "---\nglobs: services/**\n---\nUse the shared logger, not console.log.",
    );
  });
});

describe("landing the monorepo's plan", () => {
  it("proposes described rules with their description and no edge, and writes no inferred tags", () => {
    writeMonorepo(project);
    const ctx = project.context();
    const landed = landRuleImport({ ...writeContext(ctx), ids: ctx.ids }, plan());
    const payloads = bundleProposals(ctx.kdb.db, landed?.bundle_id as string).map((p) => p.payload);
    expect(payloads.filter((p) => "tags" in p)).toEqual([]);
    expect(
      payloads.filter((p) => p.description !== undefined).map((p) => [p.doc_id, p.description, p.edge_hints]),
    ).toEqual([
      ["auth", "Changing sign-in, sessions or tokens", []],
      ["logging", "Logging", []],
      ["migrations", "Database migrations", []],
      ["releases", "Cutting a release", []],
      ["styling", "Styling React components with Tailwind", []],
    ]);
  });
});

describe("importing files archon wrote itself", () => {
  it("proposes nothing right after export-rules wrote every format", () => {
    const ctx = project.context();
    seed(ctx, {
      documents: [
        doc("api-errors", { title: "API errors", patterns: ["src/api/**"], content: "Return typed errors." }),
        doc("house-style", { title: "House style", patterns: ["**"], content: "Prefer small functions." }),
      ],
    });
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: EXPORT_TARGETS });
    const result = plan();
    expect(result.items).toEqual([]);
    expect(result.files.map((f) => `${f.file}: ${f.notes.join("; ")}`)).toEqual([
      ".claude/rules/api-errors.md: written by archon export-rules (# archon:export-rules); not imported",
      ".claude/rules/house-style.md: written by archon export-rules (# archon:export-rules); not imported",
      ".clinerules/api-errors.md: written by archon export-rules (# archon:export-rules); not imported",
      ".clinerules/house-style.md: written by archon export-rules (# archon:export-rules); not imported",
      ".continue/rules/api-errors.md: written by archon export-rules (# archon:export-rules); not imported",
      ".continue/rules/house-style.md: written by archon export-rules (# archon:export-rules); not imported",
      ".cursor/rules/api-errors.mdc: written by archon export-rules (# archon:export-rules); not imported",
      ".cursor/rules/house-style.mdc: written by archon export-rules (# archon:export-rules); not imported",
      ".github/instructions/api-errors.instructions.md: written by archon export-rules (# archon:export-rules); not imported",
      ".github/instructions/house-style.instructions.md: written by archon export-rules (# archon:export-rules); not imported",
      ".kiro/steering/api-errors.md: written by archon export-rules (# archon:export-rules); not imported",
      ".kiro/steering/house-style.md: written by archon export-rules (# archon:export-rules); not imported",
      ".windsurf/rules/api-errors.md: written by archon export-rules (# archon:export-rules); not imported",
      ".windsurf/rules/house-style.md: written by archon export-rules (# archon:export-rules); not imported",
      "AGENTS.md: skipped archon's exported rules block (lines 1-13)",
      "GEMINI.md: skipped archon's exported rules block (lines 1-13)",
    ]);
  });

  it("keeps the user's text around archon's block, each stretch its own unit, anchored to the file's lines", () => {
    project.write(
      "CLAUDE.md",
      [
        "# Guide",
        "",
        "## Style",
        "Short names.",
        "",
        "<!-- archon:start -->",
        "## Archon: compile the project's rules before touching files",
        "- You MUST call compile_context.",
        "<!-- archon:end -->",
        "Also: no default exports.",
        "",
        "## Reviews",
        "Two approvals.",
        "",
      ].join("\n"),
    );
    const result = plan();
    expect(result.files[0]?.notes).toEqual(["skipped archon's managed block (lines 6-9)"]);
    expect(result.items.map((i) => [i.doc_id, i.source_path, i.content])).toEqual([
      ["claude-style", "CLAUDE.md#L3-L4", "## Style\nShort names."],
      ["claude-overview", "CLAUDE.md#L10-L10", "Also: no default exports."],
      ["claude-reviews", "CLAUDE.md#Reviews", "## Reviews\nTwo approvals."],
    ]);
    expect(result.items.map((i) => readBack(i))).toEqual(result.items.map((i) => i.content));
  });

  it("takes everything after an unclosed archon block as archon's, and says so", () => {
    project.write(
      "AGENTS.md",
      "## Mine\nKeep it.\n\n<!-- archon:start -->\n## Archon\n- You MUST compile.\n",
    );
    const result = plan();
    expect(result.files).toEqual([
      {
        file: "AGENTS.md",
        format: "agents",
        doc_ids: ["agents-mine"],
        notes: [
          '"<!-- archon:start -->" at line 4 has no "<!-- archon:end -->"; everything after it is taken as archon\'s and not imported',
        ],
      },
    ]);
    expect(result.items.map((i) => i.content)).toEqual(["## Mine\nKeep it."]);
  });
});
