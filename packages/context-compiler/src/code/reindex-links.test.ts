import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadIndexRows } from "../store/symbols.js";
import { commitAll, git } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { CodeIndex } from "./code-index.js";

let project: TestProject;
let outside: string;
const reindex = () =>
  new CodeIndex(project.context().kdb.db, project.root).reindex({
    clock: manualClock("2026-12-01T09:00:00.000Z"),
  });
/** Everything the index holds, as text: nothing of the outside file may be in it. */
const indexed = () => JSON.stringify(loadIndexRows(project.context().kdb.db));

beforeEach(() => {
  project = tempProject();
  outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
  writeFileSync(
    join(outside, "secret.ts"),
    'import { key } from "leaked-module";\nexport function leakedSecret() {}\n',
  );
  project.write("src/app.ts", "export function main() {}\n");
});
afterEach(() => {
  project.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

/** A final absolute link, a relative one climbing out, and a linked folder, all untracked. */
function linkEveryWay(): void {
  symlinkSync(join(outside, "secret.ts"), join(project.root, "src/abs.ts"));
  symlinkSync(
    join("..", "..", ...outside.split("/").slice(-1), "secret.ts"),
    join(project.root, "src/rel.ts"),
  );
  symlinkSync(outside, join(project.root, "src/ext"));
}

describe("links out of the project in a reindex", () => {
  it("index nothing of the outside file, under git", async () => {
    commitAll(project.root, "initial", true);
    linkEveryWay();
    const summary = await reindex();
    expect({ parsed: summary.parsed, skipped_files: summary.skipped_files }).toEqual({
      parsed: 1,
      skipped_files: [],
    });
    expect(indexed()).not.toMatch(/leaked|secret/);
  });

  it("index nothing of the outside file in a project walked without git", async () => {
    linkEveryWay();
    const summary = await reindex();
    expect({ source: summary.source, parsed: summary.parsed }).toEqual({ source: "walk", parsed: 1 });
    expect(indexed()).not.toMatch(/leaked|secret/);
  });

  it("skip a tracked file whose folder became a link out, with the reason", async () => {
    project.write("src/ext/secret.ts", "export function inside() {}\n");
    commitAll(project.root, "initial", true);
    // git is told the file did not change, so its sha comes from git and only the read meets the link.
    git(project.root, "update-index", "--assume-unchanged", "src/ext/secret.ts");
    renameSync(join(project.root, "src/ext"), join(project.root, "moved"));
    mkdirSync(join(project.root, "src"), { recursive: true });
    symlinkSync(outside, join(project.root, "src/ext"));
    const summary = await reindex();
    expect(summary.skipped_files).toEqual([{ path: "src/ext/secret.ts", reason: "outside_project" }]);
    expect(indexed()).not.toContain("leaked");
  });
});
