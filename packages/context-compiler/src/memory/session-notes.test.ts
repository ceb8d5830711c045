import { type Db, manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allNotes } from "../store/memory-notes.js";
import { listObservations, recordObservation } from "../store/observations.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { indexSessionNotes, recordAutomaticNote } from "./session-notes.js";

let project: TestProject;
let db: Db;
const clock = manualClock("2026-11-29T12:00:00.000Z");
const ids = sequentialIds();
beforeEach(() => {
  project = tempProject();
  db = project.context().kdb.db;
});
afterEach(() => project.cleanup());

const note = (payload: Record<string, unknown>) =>
  recordObservation(db, { event_type: "session_note", payload }, clock, ids);

describe("deduplication by content hash", () => {
  it("folds the same text, outcome and files into one note with its occurrences counted", () => {
    note({ text: "tests pass", outcome: "succeeded", files: ["b.ts", "a.ts"] });
    note({ text: "tests pass", outcome: "succeeded", files: ["a.ts", "b.ts"] });
    note({ text: "tests pass", outcome: "failed", files: ["a.ts", "b.ts"] });
    expect(indexSessionNotes(db)).toBe(3);
    expect(allNotes(db).map((n) => [n.note_id, n.outcome, n.occurrences])).toEqual([
      ["note_obs_0001", "succeeded", 2],
      ["note_obs_0003", "failed", 1],
    ]);
    expect(indexSessionNotes(db)).toBe(0);
  });

  it("keeps hand-written and automatic notes apart even with the same text", () => {
    note({ text: "reverted the cache change", files: ["src/cache.ts"] });
    note({ text: "reverted the cache change", files: ["src/cache.ts"], origin: "auto" });
    indexSessionNotes(db);
    expect(allNotes(db).map((n) => n.origin)).toEqual(["manual", "auto"]);
  });
});

describe("automatic notes", () => {
  it("add no second observation for a repeat, only an occurrence", () => {
    const input = {
      text: "turn ended",
      outcome: "failed",
      files: ["src/x.ts"],
      doc_ids: [],
      run_id: null,
      session_id: "s1",
    };
    const first = recordAutomaticNote(db, input, clock, ids);
    const again = recordAutomaticNote(db, input, clock, ids);
    expect(again).toBe(first);
    expect(listObservations(db, { event_type: "session_note" }).length).toBe(1);
    expect(allNotes(db).map((n) => [n.origin, n.occurrences, n.session_id])).toEqual([["auto", 2, "s1"]]);
  });
});

describe("verify_done outcomes as automatic notes", () => {
  it("note a failed verdict on the violating files with the violated rules, once however often it repeats", async () => {
    const { noteVerifyOutcome } = await import("./turn-outcomes.js");
    const verdict = {
      verdict: "fail" as const,
      violations: [
        {
          type: "missing_companion" as const,
          doc_id: "tests-beside",
          title: "t",
          file: "src/a.ts",
          rule: "r",
          evidence: "e",
          expected: "src/a.test.ts",
        },
      ],
      checked: { files: [{ path: "src/a.ts", status: "modified" as const }], constraints: ["tests-beside"] },
      affected_tests: [],
      affected_tests_truncated: false,
      affected_tests_packages: [],
      affected_tests_note: "",
      warnings: [],
      knowledge_version: 1,
      index_state: null,
    };
    noteVerifyOutcome(db, verdict, clock, ids);
    noteVerifyOutcome(db, verdict, clock, ids);
    expect(allNotes(db).map((n) => [n.origin, n.outcome, n.text, n.doc_ids, n.occurrences])).toEqual([
      ["auto", "failed", "verify_done failed: 1 violation(s) of tests-beside", ["tests-beside"], 2],
    ]);
  });
});
