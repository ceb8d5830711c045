import { type Db, manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { memoryStats, remember } from "./memory-source.js";
import { recall } from "./recall.js";

let project: TestProject;
let db: Db;
const clock = manualClock("2026-11-29T12:00:00.000Z");
const ids = sequentialIds();
beforeEach(() => {
  project = tempProject();
  db = project.context().kdb.db;
});
afterEach(() => project.cleanup());

describe("the PRD pipeline's memory calls answered by this store", () => {
  it("remember keeps a note once, memory_stats counts it, recall finds it", () => {
    const first = remember(
      db,
      { content: "Identity flows go through one port per provider.", tags: ["prd"] },
      clock,
      ids,
    );
    const again = remember(
      db,
      { content: "Identity flows go through one port per provider.", tags: ["prd"] },
      clock,
      ids,
    );
    expect(again).toEqual(first);
    expect(memoryStats(db)).toEqual({ memories: 1, runs: 0, compiles: 0, notes: 1 });
    expect(recall(db, { search: "identity provider" }, clock).hits.map((h) => [h.id, h.origin])).toEqual([
      [first.note_id, "manual"],
    ]);
  });
});
