import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig } from "../adapters/adapter-config.js";
import { ruleBlock } from "../adapters/rule-block.js";
import { writeContext } from "../context/archon-context.js";
import { treeHashes } from "../test-support/file-tree.js";
import { writeMigrationProject } from "../test-support/migration-project.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { VERSION } from "../version.js";
import { applyMigration } from "./apply-migration.js";
import { migrationSummary } from "./describe-migration.js";
import type { UnreachedAgent } from "./migration-plan.js";
import { planMigration } from "./plan-migration.js";

// Setup could only print how to connect an agent: that agent's own files are all the rules it has.
let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-migrate-unreached-");
  writeMigrationProject(project);
});
afterEach(() => project.cleanup());

const NOT_ON_PATH = "setup only printed its entry: claude is not on PATH; run this yourself.";
const TRACKED = "setup only printed its entry: git tracks .cursor/mcp.json";
const keptFor = (agent: string, reason: string) =>
  `${agent} reads it and does not reach archon yet (${reason}); once it does, run archon migrate again`;

function migrate(unreached: UnreachedAgent[]) {
  const ctx = project.context();
  const plan = planMigration({ db: ctx.kdb.db, projectRoot: project.root }, { unreached });
  return { plan, run: () => applyMigration({ ...writeContext(ctx), ids: ctx.ids }, plan) };
}

describe("archon migrate when Claude Code does not reach archon", () => {
  it("keeps CLAUDE.md, the AGENTS.md it imports and the Claude rules byte for byte, saying why, and migrates the rest", () => {
    const { plan, run } = migrate([{ agent: "claude", reason: NOT_ON_PATH }]);
    expect(migrationSummary(plan).sources).toEqual([
      { path: ".claude/rules/x.md", action: "keep", reason: keptFor("claude", NOT_ON_PATH) },
      { path: ".cursor/rules/always.mdc", action: "remove" },
      { path: ".cursor/rules/security.mdc", action: "remove" },
      { path: ".cursor/rules/web.mdc", action: "remove" },
      { path: ".github/instructions/api.instructions.md", action: "remove" },
      { path: "AGENTS.md", action: "keep", reason: keptFor("claude", NOT_ON_PATH) },
      { path: "CLAUDE.md", action: "keep", reason: keptFor("claude", NOT_ON_PATH) },
      { path: "apps/web/AGENTS.md", action: "rewrite" },
    ]);
    const claude = (side: "before" | "after") =>
      plan.always_loaded[side].find((c) => c.agent === "claude")?.bytes;
    expect(claude("after")).toBe(claude("before"));
    const before = treeHashes(project.root);
    const result = run();
    const after = treeHashes(project.root);
    for (const path of ["CLAUDE.md", "AGENTS.md", ".claude/rules/x.md"])
      expect(after[path]).toBe(before[path]);
    expect(result.sources_removed).toEqual([
      ".cursor/rules/always.mdc",
      ".cursor/rules/security.mdc",
      ".cursor/rules/web.mdc",
      ".github/instructions/api.instructions.md",
    ]);
    expect(result.documents_added).not.toContain("x");
  });
});

describe("archon migrate when Cursor does not reach archon", () => {
  it("keeps every Cursor rule and the AGENTS.md Cursor reads, and still migrates what only reached agents read", () => {
    const { plan } = migrate([{ agent: "cursor", reason: TRACKED }]);
    expect(migrationSummary(plan).sources).toEqual([
      { path: ".claude/rules/x.md", action: "remove" },
      { path: ".cursor/rules/always.mdc", action: "keep", reason: keptFor("cursor", TRACKED) },
      { path: ".cursor/rules/security.mdc", action: "keep", reason: keptFor("cursor", TRACKED) },
      { path: ".cursor/rules/web.mdc", action: "keep", reason: keptFor("cursor", TRACKED) },
      { path: ".github/instructions/api.instructions.md", action: "remove" },
      { path: "AGENTS.md", action: "keep", reason: keptFor("cursor", TRACKED) },
      { path: "CLAUDE.md", action: "rewrite" },
      { path: "apps/web/AGENTS.md", action: "keep", reason: keptFor("cursor", TRACKED) },
    ]);
    expect(plan.documents.map((d) => d.doc_id)).toEqual(["x", "api"]);
    // Claude reaches archon, but AGENTS.md's rules stay in AGENTS.md: its import is how Claude still reads them.
    const config = adapterConfig({ version: VERSION, projectRoot: project.root });
    expect(plan.sources.find((s) => s.path === "CLAUDE.md")).toEqual({
      path: "CLAUDE.md",
      action: "rewrite",
      text: `${ruleBlock(config)}\n@AGENTS.md\n`,
    });
  });
});
