import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportDatabase } from "../store/export-import.js";
import { loadIndexRows } from "../store/symbols.js";
import { readVersion } from "../store/version.js";
import { commitAll, git } from "../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { CodeIndex } from "./code-index.js";
import { MAX_FILE_BYTES } from "./limits.js";

let project: TestProject;
let index: CodeIndex;
let clock: ReturnType<typeof manualClock>;
const reindex = (shouldStop?: () => boolean) => index.reindex({ clock, shouldStop });
const edgesOf = () =>
  loadIndexRows(project.context().kdb.db).edges.map(
    (e) => `${e.from_symbol_id} → ${e.to_symbol_id ?? e.to_name} (${e.resolution})`,
  );

beforeEach(() => {
  clock = manualClock("2026-12-01T09:00:00.000Z");
  project = tempProject();
  project.write(
    "src/app.ts",
    'import { greet } from "./greet.js";\nexport function main() { greet(); later(); }\n',
  );
  project.write("src/greet.ts", "export function greet() {}\n");
  project.write("README.md", "# not code\n");
  commitAll(project.root, "initial", true);
  index = new CodeIndex(project.context().kdb.db, project.root);
});
afterEach(() => project.cleanup());

describe("a first reindex", () => {
  it("reads every source file from git, resolves the edges and records the state", async () => {
    const summary = await reindex();
    expect(summary).toEqual({
      source: "git",
      unchanged: false,
      parsed: 2,
      removed: 0,
      reused: 0,
      skipped: 0,
      skipped_files: [],
      deferred: 0,
      complete: true,
      state_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      indexed_at: "2026-12-01T09:00:00.000Z",
      counts: {
        files: 2,
        symbols: 2,
        edges: 2,
        imports: 1,
        by_resolution: { local: 0, import: 1, package: 0, name: 0, ambiguous: 0, external: 0, unresolved: 1 },
      },
    });
    expect(index.status().state).toEqual({
      state_hash: summary.state_hash,
      indexed_at: "2026-12-01T09:00:00.000Z",
      complete: true,
    });
  });
});

describe("a reindex with nothing changed", () => {
  it("reads and writes nothing, and keeps the state", async () => {
    const first = await reindex();
    clock.advance(60_000);
    const second = await reindex();
    expect(second).toEqual({
      ...first,
      unchanged: true,
      parsed: 0,
      reused: 2,
    });
  });
});

describe("a reindex after changes", () => {
  it("parses only dirty and untracked files, drops deleted ones and re-resolves unchanged files' edges", async () => {
    await reindex();
    // app.ts is unchanged, but the function it calls now exists: its edge must be resolved again.
    project.write("src/greet.ts", "export function greet() {}\nexport function later() {}\n");
    project.write("src/new.ts", "export function fresh() { greet(); }\n");
    rmSync(join(project.root, "README.md"));
    const summary = await reindex();
    expect({ parsed: summary.parsed, removed: summary.removed, reused: summary.reused }).toEqual({
      parsed: 2,
      removed: 0,
      reused: 1,
    });
    expect(edgesOf()).toEqual([
      "typescript src/app.ts main → typescript src/greet.ts greet (import)",
      "typescript src/app.ts main → typescript src/greet.ts later (name)",
      "typescript src/new.ts fresh → typescript src/greet.ts greet (name)",
    ]);
    rmSync(join(project.root, "src/new.ts"));
    expect((await reindex()).removed).toBe(1);
    expect(index.symbolsIn("src/new.ts")).toEqual([]);
  });

  it("is unchanged once the change it indexed is committed: the blob sha is the same either way", async () => {
    project.write("src/greet.ts", "export function greet() {}\nexport function later() {}\n");
    await reindex();
    commitAll(project.root, "add later");
    expect((await reindex()).unchanged).toBe(true);
  });

  it("trusts git's index for a clean tracked file and never reads it", async () => {
    await reindex();
    // git is told the file did not change, so only reading it could reveal the new content.
    git(project.root, "update-index", "--assume-unchanged", "src/greet.ts");
    writeFileSync(join(project.root, "src/greet.ts"), "export function other() {}\n");
    project.write("src/extra.ts", "export function extra() {}\n");
    await reindex();
    expect(index.symbolsIn("src/greet.ts").map((s) => s.symbol_id)).toEqual([
      "typescript src/greet.ts greet",
    ]);
  });
});

describe("a reindex told to stop", () => {
  it("writes what it read, says the index is incomplete, and the next run finishes it", async () => {
    let calls = 0;
    const partial = await reindex(() => calls++ >= 1);
    expect({ parsed: partial.parsed, deferred: partial.deferred, complete: partial.complete }).toEqual({
      parsed: 1,
      deferred: 1,
      complete: false,
    });
    const rest = await reindex();
    expect({ parsed: rest.parsed, complete: rest.complete, files: rest.counts.files }).toEqual({
      parsed: 1,
      complete: true,
      files: 2,
    });
    expect(rest.state_hash).not.toBe(partial.state_hash);
  });
});

describe("files the index lists without parsing", () => {
  it("records a file over the size limit as too large, with no symbols, and counts it as skipped", async () => {
    project.write("src/bundle.js", `function big() {}\n${"// padding\n".repeat(MAX_FILE_BYTES / 10)}`);
    const summary = await reindex();
    expect({ parsed: summary.parsed, skipped: summary.skipped, files: summary.skipped_files }).toEqual({
      parsed: 2,
      skipped: 1,
      files: [{ path: "src/bundle.js", reason: "too_large" }],
    });
    const rows = loadIndexRows(project.context().kdb.db);
    expect(rows.files.map((f) => [f.path, f.status])).toEqual([
      ["src/app.ts", "indexed"],
      ["src/bundle.js", "too_large"],
      ["src/greet.ts", "indexed"],
    ]);
    expect(index.symbolsIn("src/bundle.js")).toEqual([]);
    expect((await reindex()).skipped_files).toEqual([{ path: "src/bundle.js", reason: "too_large" }]);
  });
});

describe("a project outside git", () => {
  it("is walked and every file hashed", async () => {
    rmSync(join(project.root, ".git"), { recursive: true, force: true });
    const summary = await reindex();
    expect({ source: summary.source, parsed: summary.parsed }).toEqual({ source: "walk", parsed: 2 });
    expect((await reindex()).unchanged).toBe(true);
  });
});

describe("the symbol index", () => {
  it("is not knowledge: no version bump, no snapshot, not exported, and the same compile before and after", async () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("app-rules", { patterns: ["src/**"] })] });
    const compileOf = () => {
      const { compile_id: _, ...rest } = ctx.compiler.compile({
        target_files: ["src/app.ts"],
        plan: "add a greeting",
      });
      return rest;
    };
    const before = { version: readVersion(ctx.kdb.db), compile: compileOf() };
    await reindex();
    expect({ version: readVersion(ctx.kdb.db), compile: compileOf() }).toEqual(before);
    const tables = Object.keys(exportDatabase(ctx.kdb.db).tables);
    expect(
      tables.filter((t) => t.startsWith("symbol") || t.startsWith("verify") || t.startsWith("discover")),
    ).toEqual([]);
  });
});
