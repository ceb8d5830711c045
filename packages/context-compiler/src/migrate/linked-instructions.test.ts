import { lstatSync, readFileSync, readlinkSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig } from "../adapters/adapter-config.js";
import { ruleBlock } from "../adapters/rule-block.js";
import { writeContext } from "../context/archon-context.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { VERSION } from "../version.js";
import { applyMigration } from "./apply-migration.js";
import { migrationSummary } from "./describe-migration.js";
import { planMigration } from "./plan-migration.js";

// CLAUDE.md as a link to AGENTS.md, the way many teams keep one file for both agents.
let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-migrate-same-file-");
  project.write(
    "AGENTS.md",
    "# Shop\n\n## Testing\n\nRun the tests before you push.\n\n## Style\n\nUse tabs.\n",
  );
  symlinkSync("AGENTS.md", join(project.root, "CLAUDE.md"));
  commitAll(project.root, "one file for both agents", true);
});
afterEach(() => project.cleanup());

function planned() {
  const ctx = project.context();
  return { ctx, plan: planMigration({ db: ctx.kdb.db, projectRoot: project.root }) };
}

describe("archon migrate where CLAUDE.md is a link to AGENTS.md", () => {
  it("plans each section once and keeps the link as it is", () => {
    const { plan } = planned();
    const summary = migrationSummary(plan);
    expect(summary.documents.map((d) => [d.doc_id, d.from])).toEqual([
      ["agents-testing", "AGENTS.md#Testing"],
      ["agents-style", "AGENTS.md#Style"],
    ]);
    expect(summary.sources).toEqual([
      { path: "AGENTS.md", action: "rewrite" },
      { path: "CLAUDE.md", action: "keep", reason: "a link to AGENTS.md, migrated as that file" },
    ]);
    expect(summary.blockers).toEqual([]);
  });

  it("migrates the target once and leaves CLAUDE.md a link to it", () => {
    const { ctx, plan } = planned();
    const result = applyMigration({ ...writeContext(ctx), ids: ctx.ids }, plan);
    expect(result.documents_added).toEqual(["agents-style", "agents-testing"]);
    expect(result.sources_rewritten).toEqual(["AGENTS.md"]);
    expect(lstatSync(join(project.root, "CLAUDE.md")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(project.root, "CLAUDE.md"))).toBe("AGENTS.md");
    const config = adapterConfig({ version: VERSION, projectRoot: project.root });
    expect(readFileSync(join(project.root, "AGENTS.md"), "utf8")).toBe(ruleBlock(config));
  });
});
