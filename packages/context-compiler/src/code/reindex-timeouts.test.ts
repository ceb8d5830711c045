import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadIndexRows } from "../store/symbols.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { CodeIndex } from "./code-index.js";

let project: TestProject;
let index: CodeIndex;
/** A tenth of a second per file: the pathological file below takes tree-sitter about a minute. */
const reindex = () => index.reindex({ clock: manualClock("2026-12-01T09:00:00.000Z"), parseBudgetMs: 100 });
/** 200 KB of empty brackets: tree-sitter needs about a minute for it, far past any parse budget. */
const pathological = (name: string) => `export const ${name} = ${"()".repeat(100_000)};\n`;
const statuses = () => loadIndexRows(project.context().kdb.db).files.map((f) => [f.path, f.status]);

beforeEach(() => {
  project = tempProject();
  project.write("src/app.ts", "export function main() {}\n");
  project.write("src/nested.ts", pathological("a"));
  commitAll(project.root, "initial", true);
  index = new CodeIndex(project.context().kdb.db, project.root);
});
afterEach(() => project.cleanup());

describe("a file the parser cannot finish within its budget", () => {
  it("is skipped as timed out, and the rest of the repository is indexed", async () => {
    const summary = await reindex();
    expect({
      parsed: summary.parsed,
      skipped: summary.skipped,
      skipped_files: summary.skipped_files,
      complete: summary.complete,
    }).toEqual({
      parsed: 1,
      skipped: 1,
      skipped_files: [{ path: "src/nested.ts", reason: "timed_out" }],
      complete: true,
    });
    expect(statuses()).toEqual([
      ["src/app.ts", "indexed"],
      ["src/nested.ts", "timed_out"],
    ]);
    expect(index.symbolsIn("src/app.ts").map((s) => s.name)).toEqual(["main"]);
  });

  it("is remembered by its content: the next run does not parse it again, an edited version is tried again", async () => {
    await reindex();
    // Another file changes, so the next run reads the repository again rather than finding it all unchanged.
    project.write("src/app.ts", "export function main() {}\nexport function more() {}\n");
    const second = await reindex();
    expect({ parsed: second.parsed, reused: second.reused, skipped_files: second.skipped_files }).toEqual({
      parsed: 1,
      reused: 0,
      skipped_files: [{ path: "src/nested.ts", reason: "remembered_timeout" }],
    });
    expect((await reindex()).skipped_files).toEqual([
      { path: "src/nested.ts", reason: "remembered_timeout" },
    ]);
    project.write("src/nested.ts", pathological("b"));
    expect((await reindex()).skipped_files).toEqual([{ path: "src/nested.ts", reason: "timed_out" }]);
    project.write("src/nested.ts", "export function fixed() {}\n");
    const fixed = await reindex();
    expect({ parsed: fixed.parsed, skipped_files: fixed.skipped_files }).toEqual({
      parsed: 1,
      skipped_files: [],
    });
    expect(index.symbolsIn("src/nested.ts").map((s) => s.name)).toEqual(["fixed"]);
  });
});
