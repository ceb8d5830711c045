import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordObservation } from "../store/observations.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { attemptNotices } from "./attempt-notices.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const mcp = { kind: "mcp" as const, prefix: "archon_" };

function noteAt(at: string, outcome: string, file: string) {
  const db = project.context().kdb.db;
  recordObservation(
    db,
    {
      event_type: "session_note",
      payload: { text: `${outcome} on ${file}`, outcome, files: [file], run_id: "run_7" },
    },
    manualClock(at),
    sequentialIds(),
  );
  return db;
}

describe("the 90-day window of failed-attempt notices", () => {
  it("flags a failed attempt 89 days old and not one 91 days old", () => {
    const now = manualClock("2026-11-29T12:00:00.000Z");
    const db = noteAt("2026-09-01T12:00:00.000Z", "failed", "src/a.ts");
    expect(attemptNotices(db, ["src/a.ts"], now, mcp)).toEqual([
      'An attempt on src/a.ts failed 89 days ago (note note_obs_0001); see archon_recall({ run_id: "run_7" }) before trying the same again.',
    ]);
    const later = manualClock("2026-12-01T12:00:00.000Z");
    expect(attemptNotices(db, ["src/a.ts"], later, mcp)).toEqual([]);
  });

  it("ignores succeeded attempts and other files", () => {
    const now = manualClock("2026-11-29T12:00:00.000Z");
    const db = noteAt("2026-11-28T12:00:00.000Z", "succeeded", "src/a.ts");
    expect(attemptNotices(db, ["src/a.ts", "src/b.ts"], now, mcp)).toEqual([]);
  });
});

describe("a compile on a file with a reverted attempt", () => {
  it("carries the notice, and its deterministic part is the same as without it", () => {
    project.write("src/a.ts", "export {};\n");
    seed(project.context(), { documents: [doc("a", { patterns: ["src/**"] })] });
    const before = project.context("agent").compiler.compile({ target_files: ["src/a.ts"] });
    noteAt("2026-11-29T12:00:00.000Z", "reverted", "src/a.ts");
    const after = project.context("agent").compiler.compile({ target_files: ["src/a.ts"] });
    expect(after.notices).toEqual([
      'An attempt on src/a.ts reverted today (note note_obs_0001); see archon_recall({ run_id: "run_7" }) before trying the same again.',
      "1 observation(s) have not been triaged yet: a person runs archon_process_observations on the admin surface.",
    ]);
    expect({ ...after, compile_id: "", notices: [] }).toEqual({ ...before, compile_id: "", notices: [] });
  });
});
