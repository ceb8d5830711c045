import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig } from "../adapters/adapter-config.js";
import { ruleBlock } from "../adapters/rule-block.js";
import { MIGRATION_FILES, writeMigrationProject } from "../test-support/migration-project.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";
import { VERSION } from "../version.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  writeMigrationProject(project);
});
afterEach(() => project.cleanup());

const archon = (...args: string[]) => runCli(project.root, ["--project-root", project.root, ...args]);

describe("archon migrate, the built command", () => {
  it("has --help naming every flag", () => {
    const help = archon("migrate", "--help");
    expect(help.code).toBe(0);
    for (const flag of ["--dry-run", "--keep-sources", "--force", "--yes", "--json"])
      expect(help.stdout).toContain(flag);
  });

  it("refuses with no terminal and no --yes, exit code 1 and a hint on stderr", () => {
    expect(archon("migrate")).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "archon: archon migrate rewrites and removes instruction files, so it asks first, on a terminal.\nHint: Preview with --dry-run; in scripts (or with --json) confirm up front with --yes.\n",
    });
  });

  it("migrates with --yes --json, then a second run finds nothing to do and doctor sees every rule file fresh", () => {
    const first = archon("migrate", "--yes", "--json");
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout);
    expect(out.result.sources_removed).toEqual([
      ".claude/rules/x.md",
      ".cursor/rules/always.mdc",
      ".cursor/rules/security.mdc",
      ".cursor/rules/web.mdc",
      ".github/instructions/api.instructions.md",
    ]);
    expect(readFileSync(join(project.root, out.result.backup_folder, "AGENTS.md"), "utf8")).toBe(
      MIGRATION_FILES["AGENTS.md"],
    );
    expect(readFileSync(join(project.root, "AGENTS.md"), "utf8")).toBe(
      ruleBlock(adapterConfig({ version: VERSION, projectRoot: project.root })),
    );
    const second = JSON.parse(archon("migrate", "--yes", "--json").stdout);
    expect({ documents: second.documents, result: second.result }).toEqual({ documents: [], result: null });
    const doctor = JSON.parse(archon("doctor", "--json").stdout);
    const sourceFindings = (doctor.findings as { check: string }[]).filter((f) =>
      ["missing_source", "stale_source"].includes(f.check),
    );
    expect(sourceFindings).toEqual([]);
    expect(existsSync(join(project.root, ".archon/rules/agents-testing.md"))).toBe(true);
  });
});
