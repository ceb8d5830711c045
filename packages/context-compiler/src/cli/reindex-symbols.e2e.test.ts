import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../code/limits.js";
import { commitAll } from "../test-support/git.js";
import { personEnv } from "../test-support/person-env.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// `archon reindex-symbols` through the built command: what its JSON report says about files it did not parse.
let project: TestProject;

function archon(args: string[], stdin = "") {
  const r = spawnSync(process.execPath, [ARCHON_BIN, "--project-root", project.root, ...args], {
    input: stdin,
    encoding: "utf8",
    env: personEnv(),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const report = () => {
  const r = archon(["reindex-symbols", "--json"]);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as { parsed: number; skipped: number; skipped_files: unknown[] };
};
const BUNDLES = ["a", "b", "c", "d", "e"].map((n) => `vendor/bundle-${n}.js`);

beforeEach(() => {
  project = tempProject();
  project.write(".gitignore", ".archon/\n");
  project.write("src/app.ts", "export function main() {}\n");
  for (const path of BUNDLES)
    project.write(path, `function big() {}\n${"// padding\n".repeat(MAX_FILE_BYTES / 10)}`);
  project.write("src/nested.ts", `export const a = ${"()".repeat(100_000)};\n`);
  commitAll(project.root, "initial", true);
  project.context().close();
});
afterEach(() => project.cleanup());

describe("reindex-symbols --json", () => {
  it("counts over-limit and timed-out files as skipped, each with its reason", () => {
    const first = report();
    expect({ parsed: first.parsed, skipped: first.skipped, skipped_files: first.skipped_files }).toEqual({
      parsed: 1,
      skipped: 6,
      skipped_files: [
        { path: "src/nested.ts", reason: "timed_out" },
        ...BUNDLES.map((path) => ({ path, reason: "too_large" })),
      ],
    });
  });

  it("does not parse a timed-out file again in the SessionStart hook, until it changes", () => {
    report();
    const event = JSON.stringify({ session_id: "s1", hook_event_name: "SessionStart", source: "startup" });
    project.write("src/app.ts", "export function main() {}\nexport function more() {}\n");
    expect(archon(["reindex-symbols", "--hook"], event)).toMatchObject({ code: 0, stderr: "" });
    expect(report().skipped_files).toContainEqual({ path: "src/nested.ts", reason: "remembered_timeout" });
    project.write("src/nested.ts", `export const b = ${"()".repeat(100_000)};\n`);
    expect(report().skipped_files).toContainEqual({ path: "src/nested.ts", reason: "timed_out" });
  });
});
