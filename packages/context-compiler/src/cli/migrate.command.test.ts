import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { treeHashes } from "../test-support/file-tree.js";
import { MIGRATION_FILES, writeMigrationProject } from "../test-support/migration-project.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { type MigrateFlags, migrateCommand } from "./migrate.command.js";
import { resolveGlobalOptions } from "./options.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  writeMigrationProject(project);
});
afterEach(() => project.cleanup());

function migrate(flags: MigrateFlags, interactive = false, input = new PassThrough()) {
  const output = new PassThrough();
  let screen = "";
  output.on("data", (d) => {
    screen += d.toString();
  });
  const done = migrateCommand(resolveGlobalOptions({ projectRoot: project.root }), flags, {
    input,
    output,
    interactive,
  });
  return { done, screen: () => screen };
}

/** Answers the confirmation once it shows up. */
function answer(run: ReturnType<typeof migrate>, input: PassThrough, keys: string) {
  const timer = setInterval(() => {
    if (run.screen().includes("Migrate these rules now?")) {
      input.write(keys);
      clearInterval(timer);
    }
  }, 10);
  return run.done.finally(() => clearInterval(timer));
}

describe("archon migrate --dry-run", () => {
  it("shows the summary and writes nothing at all, not even the database", async () => {
    const before = treeHashes(project.root);
    const run = migrate({ dryRun: true });
    await run.done;
    expect(treeHashes(project.root)).toEqual(before);
    expect(existsSync(join(project.root, ".archon"))).toBe(false);
    const screen = run.screen();
    expect(screen).toContain("27 rule(s) become documents, each in .archon/rules/<doc_id>.md:");
    expect(screen).toContain("  AGENTS.md  rewritten to archon's block only");
    expect(screen.trimEnd().endsWith("Dry run: nothing was written.")).toBe(true);
  });

  it("writes nothing either when the database already exists", async () => {
    project.context();
    const before = treeHashes(project.root);
    await migrate({ dryRun: true }).done;
    expect(treeHashes(project.root)).toEqual(before);
  });

  it("prints only JSON with --json", async () => {
    const before = treeHashes(project.root);
    const run = migrate({ dryRun: true, json: true });
    await run.done;
    const json = JSON.parse(run.screen());
    expect({ dry_run: json.dry_run, documents: json.documents.length, result: json.result }).toEqual({
      dry_run: true,
      documents: 27,
      result: null,
    });
    expect(treeHashes(project.root)).toEqual(before);
  });
});

describe("archon migrate asks before it changes anything", () => {
  it("refuses without a terminal unless --yes is given, with a hint, and writes nothing", async () => {
    const before = treeHashes(project.root);
    await expect(migrate({}).done).rejects.toMatchObject({
      message: "archon migrate rewrites and removes instruction files, so it asks first, on a terminal.",
      hint: "Preview with --dry-run; in scripts (or with --json) confirm up front with --yes.",
    });
    expect(treeHashes(project.root)).toEqual(before);
  });

  it("migrates once the person at the terminal says yes, and names the backup folder", async () => {
    const input = new PassThrough();
    const run = migrate({}, true, input);
    await answer(run, input, "y");
    expect(run.screen()).toMatch(/The original files are kept byte for byte in \.archon\/migrate\/[^/]+\/\./);
    expect(existsSync(join(project.root, ".cursor/rules/web.mdc"))).toBe(false);
  });

  it("changes nothing when the person says no", async () => {
    const input = new PassThrough();
    const run = migrate({}, true, input);
    await answer(run, input, "n");
    expect(run.screen()).toContain("Nothing was changed.");
    for (const [path, text] of Object.entries(MIGRATION_FILES))
      expect({ path, text: readFileSync(join(project.root, path), "utf8") }).toEqual({ path, text });
    expect(existsSync(join(project.root, ".archon/rules"))).toBe(false);
  });
});
