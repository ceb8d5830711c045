import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";

let project: TestProject;
const archon = (...args: string[]) => runCli(project.root, ["--project-root", project.root, ...args]);

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  project.write(
    "archon.seed.yaml",
    "documents:\n  - doc_id: api\n    title: API\n    content: Use the client.\n    patterns: ['src/api/**']\n",
  );
  expect(archon("seed", "archon.seed.yaml").code).toBe(0);
  expect(archon("compile", "src/api/users.ts", "--json").code).toBe(0);
});
afterEach(() => project.cleanup());

describe("eval, prune-log, recall and doctor at the terminal", () => {
  it("reports the logged compile, replays it cleanly, and exits 0", () => {
    const run = archon("eval", "--replay", "--json");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.compiles).toEqual({ kept: 1, folded: 0, failed: 0 });
    expect(report.unnecessary).toEqual([{ doc_id: "api", delivered: 1, inline: 1, deferred: 0 }]);
    expect(report.replay).toEqual({ replayed: 1, same: 1, differences: [] });
  });

  it("refuses prune-log without --older-than, with a hint and exit 1, and folds with it", () => {
    const refused = archon("prune-log");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("prune-log needs --older-than <days>.");
    expect(refused.stderr).toContain("no default on purpose");
    const pruned = archon("prune-log", "--older-than", "0", "--json");
    expect(pruned.code).toBe(0);
    expect(JSON.parse(pruned.stdout).compiles_folded).toBe(1);
    expect(JSON.parse(archon("eval", "--json").stdout).compiles).toEqual({ kept: 0, folded: 1, failed: 0 });
  });

  it("answers recall as JSON and doctor with the audit log's size", () => {
    const recalled = JSON.parse(archon("recall", "--json", "--gaps").stdout);
    expect(recalled).toEqual({ runs: [], hits: [], gaps: [], truncated: false });
    const doctor = JSON.parse(archon("doctor", "--json").stdout);
    expect(doctor.audit_log).toMatchObject({ compiles: 1, deliveries: 1, age_days: 0, suggestion: null });
  });
});
