import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { readVersion } from "../store/version.js";
import { treeHashes } from "../test-support/file-tree.js";
import { writeMigrationProject } from "../test-support/migration-project.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { refusal } from "../test-support/user-error.js";
import { applyMigration } from "./apply-migration.js";
import { planMigration } from "./plan-migration.js";

// The attacker's side of archon migrate: the folders it writes and the sources it shrinks link out of the project.
let project: TestProject;
let outside: string;
beforeEach(() => {
  project = tempProject("archon-migrate-linked-");
  outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
  writeMigrationProject(project);
});
afterEach(() => {
  project.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

/** The project's own files, the database aside (opening a context writes to it). */
const insideTree = () =>
  Object.entries(treeHashes(project.root)).filter(([path]) => !path.startsWith(".archon/archon.db"));

/** Moves a project path outside and leaves a link in its place, the way an agent with a shell would. */
function linkOut(path: string) {
  const to = join(outside, path.replaceAll("/", "_"));
  if (existsSync(join(project.root, path))) cpSync(join(project.root, path), to, { recursive: true });
  else mkdirSync(to);
  rmSync(join(project.root, path), { recursive: true, force: true });
  symlinkSync(to, join(project.root, path));
}

function migrate() {
  const ctx = project.context();
  const plan = planMigration({ db: ctx.kdb.db, projectRoot: project.root }, {});
  return { ctx, run: () => applyMigration({ ...writeContext(ctx), ids: ctx.ids }, plan) };
}

describe("archon migrate where the rule and backup folders link outside", () => {
  it("refuses before writing, approving or removing anything, and the outside folder is byte for byte the same", () => {
    project.context();
    linkOut(".archon/rules");
    linkOut(".archon/migrate");
    const outsideBefore = treeHashes(outside);
    const { ctx, run } = migrate();
    const insideBefore = insideTree();
    const error = refusal(run);
    expect(error.message.replace(/resolves to \S+,/, "resolves to <outside>,")).toBe(
      "Refused to write .archon/migrate/20261129T120000Z-migrate_0001/.claude/rules/x.md: its folder resolves to <outside>, outside the project.",
    );
    expect(error.hint).toMatch(/^archon does not write through links that leave the project/);
    expect(treeHashes(outside)).toEqual(outsideBefore);
    expect(insideTree()).toEqual(insideBefore);
    expect(readVersion(ctx.kdb.db)).toBe(0);
  });
});

describe("archon migrate where the sources link outside", () => {
  it("migrates only the real file inside, leaving every linked source and the outside folder as they were", () => {
    for (const path of ["CLAUDE.md", "AGENTS.md", ".claude", ".cursor", ".github"]) linkOut(path);
    const outsideBefore = treeHashes(outside);
    expect(migrate().run()).toEqual({
      backup_folder: ".archon/migrate/20261129T120000Z-migrate_0001",
      bundle_id: "bundle_0002",
      knowledge_version: 1,
      documents_added: ["web-components", "web-styling"],
      documents_relocated: [],
      rule_files_written: [".archon/rules/web-components.md", ".archon/rules/web-styling.md"],
      sources_rewritten: ["apps/web/AGENTS.md"],
      sources_removed: [],
    });
    expect(treeHashes(outside)).toEqual(outsideBefore);
  });
});
