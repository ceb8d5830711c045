import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CompileLogEntry } from "../store/audit.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { AUDIT_FLUSH_WINDOW_MS, AuditQueue } from "./audit-queue.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

/** A failed compile's row: the smallest entry the audit log takes. */
const entry = (n: number): CompileLogEntry => ({
  compile_id: `cmp_${n}`,
  created_at: `2026-12-01T10:00:0${n}.000Z`,
  agent_id: null,
  request: { target_files: ["src/a.ts"] },
  knowledge_version: 0,
  snapshot_id: null,
  tag_catalog: null,
  result_hash: null,
  error: "budget_exceeded",
  duration_ms: 1,
});

describe("a batched audit write that fails in the background", () => {
  it("is said in the next compile's warnings, and its row is written with that compile's", async () => {
    const ctx = project.context("agent");
    const db = ctx.kdb.db;
    const queue = new AuditQueue(() => db);
    // The first row is written at once and shows the database takes writes; later rows are batched.
    expect(queue.record(entry(1))).toBeUndefined();
    // Real SQLite refusing the write, as a full disk or a lock would.
    db.exec(
      "CREATE TRIGGER refuse BEFORE INSERT ON compile_log BEGIN SELECT RAISE(ABORT, 'disk says no'); END",
    );
    expect(queue.record(entry(2))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, AUDIT_FLUSH_WINDOW_MS * 4));
    db.exec("DROP TRIGGER refuse");
    expect(queue.record(entry(3))).toBe(
      "An earlier batch of 1 audit row(s) could not be written (disk says no); the rows are kept and retried with this compile's.",
    );
    expect(db.prepare("SELECT compile_id FROM compile_log ORDER BY compile_id").pluck().all()).toEqual([
      "cmp_1",
      "cmp_2",
      "cmp_3",
    ]);
    expect(queue.record(entry(4))).toBeUndefined();
    ctx.close();
  });
});
